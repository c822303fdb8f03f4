// What the runner (stage-runner.ts) and a stage's implementation (stage-implementations.ts) say to each other:
// what a stage can read, what it is told while it runs, and how it ends (its outputs, or a pause).
import type { StageProgress } from '@greenhouse/contracts';
import type { FileOutput, JsonOutput, StageOutput } from './stage-outputs.js';
import type { BloomStageName } from './stages.js';

/** What a stage can read: its agent, the version's protocol file and earlier stages' outputs. */
export interface StageInputs {
  bloomId: string;
  version: number;
  /** The agent: its id, name and its owner's scenario tests (run on the exported file). */
  bloom(): Promise<{ id: string; name: string; scenarios: unknown }>;
  protocolContent(): Promise<unknown>;
  /** A JSON output of an earlier stage. */
  artifact<T>(output: JsonOutput<T>): Promise<T>;
  /** A file output of an earlier stage (checked against its sha256). */
  file(output: FileOutput): Promise<Buffer>;
  /** An earlier stage's metrics. */
  metrics(stage: BloomStageName): Promise<Record<string, unknown> | null>;
  /** This stage's last checkpoint, when an earlier run of it paused or died after one. */
  checkpoint(): Promise<Uint8Array | null>;
}

export interface StageContext {
  /** Aborted when the worker is stopping: pause at the next step. */
  signal: AbortSignal;
  /** Pause after this many seconds of work: the stage goes on in a new job. */
  sliceSeconds: number;
  /** Progress and the metrics so far (the loss curve), stored at most about once a second. */
  onProgress(progress: StageProgress, metrics?: Record<string, unknown>): void;
}

/** A stage that stopped early with its state: it goes on from the checkpoint in a new job. */
export interface StagePause {
  /** (The progress reported last is already stored: the runner writes it before the pause.) */
  paused: { checkpoint: Uint8Array; metrics: Record<string, unknown> };
}

export type StageImplementation = (
  inputs: StageInputs,
  context: StageContext,
) => Promise<StageOutput | StagePause>;
export type StageImplementations = Partial<Record<BloomStageName, StageImplementation>>;
