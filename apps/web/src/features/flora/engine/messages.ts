// The messages between the page and the Flora worker (flora-worker.ts). The page never imports the engine
// itself: these plain shapes are all it knows of it, so the engine's bundle loads in the worker only (a type
// import is erased).
import type { RunResult as FloraRunResult } from '@greenhouse/flora';

/** A number slot of an input line: one number, or a list of `length` numbers, each from min to max. */
export interface NumberSlot {
  min: number | null;
  max: number | null;
  /** Set for a list of numbers (how many). */
  length: number | null;
}

export interface InstructionInput {
  /** The line's tokens by name (line-label.ts), never its raw key. */
  label: string;
  numberSlots: NumberSlot[];
}

export interface PlaygroundInstruction {
  name: string;
  inputs: InstructionInput[];
}

export interface LoadedAgent {
  name: string;
  parameters: number;
  reactions: string[];
  /** The most tokens a prompt may have (a longer one fails with `prompt_too_long`). */
  promptLimit: number;
  instructions: PlaygroundInstruction[];
}

export interface RunRequest {
  instruction: string;
  inputs: { text: string; numbers?: number[] }[];
}

/** What a run answers the playground: Flora's result (packages/flora, agent.ts) without its timing details. */
export type RunResult = Pick<
  FloraRunResult,
  | 'output'
  | 'reaction'
  | 'reactionName'
  | 'reactionIndex'
  | 'refused'
  | 'reactionValue'
  | 'tokens'
  | 'tokensPerSecond'
>;

export type ToWorker =
  { type: 'load'; bytes: ArrayBuffer } | { type: 'run'; id: number; request: RunRequest };

export type FromWorker =
  | { type: 'loaded'; agent: LoadedAgent }
  | { type: 'token'; id: number; text: string }
  | { type: 'done'; id: number; result: RunResult }
  /** `id` null: loading failed. */
  | { type: 'error'; id: number | null; code: string; message: string };
