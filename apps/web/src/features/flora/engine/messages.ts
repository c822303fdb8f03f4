// The messages between the page and the Flora worker (flora-worker.ts). The page never imports the engine
// itself: these plain shapes are all it knows of it, so the engine's bundle loads in the worker only.

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

export interface RunResult {
  output: string;
  /** The reaction line as the model wrote it (a final token key; `…<UNK>_` for a refusal): for matching only. */
  reaction: string;
  /** The reaction's name, the one to show (a refusal's too). */
  reactionName: string;
  /** Its index in the instruction's reactions. */
  reactionIndex: number;
  /** A guardrail answer: the agent refused the input. */
  refused: boolean;
  /** A final number token's number, else null. */
  reactionValue: number | null;
  tokens: number;
  tokensPerSecond: number;
}

export type ToWorker =
  { type: 'load'; bytes: ArrayBuffer } | { type: 'run'; id: number; request: RunRequest };

export type FromWorker =
  | { type: 'loaded'; agent: LoadedAgent }
  | { type: 'token'; id: number; text: string }
  | { type: 'done'; id: number; result: RunResult }
  /** `id` null: loading failed. */
  | { type: 'error'; id: number | null; code: string; message: string };
