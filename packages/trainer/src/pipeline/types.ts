// What the server hands the stage functions and what they report. The metrics follow
// `trainingMetricsSchema` of @greenhouse/contracts (every field optional, each stage fills its own).

/** One finetuning example, rendered by @greenhouse/mtp exactly as the model sees it. */
export interface TrainingExample {
  /** The instruction set's name (the agent's instruction). */
  set: string;
  input: string;
  output: string;
  /** The reaction line of `output`. */
  reaction: string;
  kind: 'sample' | 'guardrail';
}

/** Indices into the examples: trained on, and held out. */
export interface Split {
  train: number[];
  validation: number[];
}

export interface LossPoint {
  step: number;
  loss: number;
}

// A type, not an interface: it is then assignable to Record<string, unknown> (how the server stores it).
export type StageMetrics = {
  vocabularySize?: number;
  corpusTokens?: number;
  /** training_tokenizer: the longest example prompt, in tokens. */
  longestPrompt?: number;
  parameters?: number;
  steps?: number;
  tokensPerSecond?: number;
  /** Mean loss of the last (up to) 10 steps. */
  trainLoss?: number;
  validationLoss?: number | null;
  reactionAccuracy?: number | null;
  trainReactionAccuracy?: number;
  heldOut?: number;
  quality?: TrainingQuality | null;
  /** At most 200 points, evenly spread over the steps. */
  lossCurve?: LossPoint[];
  validationCurve?: LossPoint[];
  bytes?: number;
  sha256?: string;
  weightsFormat?: string;
};

export interface StageProgress {
  step: number;
  totalSteps: number;
  /** 0…100. */
  percent: number;
  etaSeconds: number | null;
  /** The metrics so far (the loss curve, for a live chart). */
  metrics: StageMetrics;
}

/** The quality check's result (trainingQualitySchema of @greenhouse/contracts). */
export interface TrainingQuality {
  method: 'k-fold' | 'held-out';
  runs: number;
  measured: number;
  right: number;
  noReaction: number;
  reactions: { reaction: string; name: string; refusal: boolean; measured: number; right: number }[];
  misses: {
    inputs: string[];
    expected: string;
    expectedName: string;
    got: string;
    gotName: string;
    gotRefusal: boolean;
  }[];
  /** Samples the check refused though they are on topic (at most MAX_MISSES; missing in older checks). */
  refusedOnTopic?: { inputs: string[]; expected: string; expectedName: string }[];
}
