import * as z from 'zod/mini';

// Response shapes of the API (docs/product-rules.md §3), in zod/mini like every schema the web app reaches
// (account-entities.ts). Objects are not strict: extra fields are stripped. Those the signed-out screens and
// the session check read are in account-entities.ts.

export const chatSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  answering: z.boolean(),
  /** ISO date-time. */
  updatedAt: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const chatListResponseSchema = z.object({
  chats: z.array(chatSummarySchema),
  total: z.int(),
});
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

/** In pipeline order; also the database enum `bloom_stage_name` (a change needs a migration). */
export const bloomStageNames = [
  'data_preparation_stage_1',
  'data_preparation_stage_2',
  'data_validation',
  'training_tokenizer',
  'training_pretraining',
  'training_finetuning',
  'training_exporting',
] as const;
export type BloomStageName = (typeof bloomStageNames)[number];

export const datasetStageLabels = [
  'parsing',
  'tokenization',
  'vectorization',
  'analysis',
  'preprocessing',
  'extraction',
  'training',
] as const;
export type DatasetStageLabel = (typeof datasetStageLabels)[number];

/** Also the database enum `payment_status` (a change needs a migration). */
export const paymentStatuses = [
  'not_initialized',
  'pending',
  'paid',
  'expired',
  'failed',
  'processing',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const datasetStatuses = ['pending', 'processing', 'ready', 'failed'] as const;
export type DatasetStatus = (typeof datasetStatuses)[number];

/** Status of a model and of each bloom stage; also the database enum `work_status` (a change needs a migration). */
export const workStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type WorkStatus = (typeof workStatuses)[number];

/** A running stage's progress: what it has done of what it has to do, and when it expects to finish. */
export const stageProgressSchema = z.object({
  percent: z.number(),
  step: z.int(),
  totalSteps: z.int(),
  /** Seconds left, when the stage can tell. */
  etaSeconds: z.nullable(z.number()),
});
export type StageProgress = z.infer<typeof stageProgressSchema>;

/** One point of a loss curve: the mean loss per trained token at a training step. */
export const lossPointSchema = z.object({ step: z.int(), loss: z.number() });
export type LossPoint = z.infer<typeof lossPointSchema>;

/** One reaction of the quality check: how many of its examples the check models answered right. */
export const qualityReactionSchema = z.object({
  /** The reaction line as the model writes it (a final token key, or `key<UNK>_` for a refusal). */
  reaction: z.string(),
  /** The final token's name (its value in the protocol; encrypted and emoji keys resolved). */
  name: z.string(),
  /** A guardrail answer (a refusal). */
  refusal: z.boolean(),
  measured: z.int(),
  right: z.int(),
});

/** A user's example that a check model, trained without it, answered with another reaction. */
export const qualityMissSchema = z.object({
  /** The example's input lines (text only), in order. */
  inputs: z.array(z.string()),
  expected: z.string(),
  expectedName: z.string(),
  got: z.string(),
  gotName: z.string(),
  gotRefusal: z.boolean(),
});

/** A user's on-topic example that a check model, trained without it, refused as off topic. */
export const qualityRefusedSchema = z.object({
  inputs: z.array(z.string()),
  expected: z.string(),
  expectedName: z.string(),
});

/**
 * How well the agent understands phrasings it was not shown (finetuning). The shipped agent learns every
 * example; this is measured on separate check models, each trained the same way without some examples and
 * asked those: k-fold over the samples (an agent of format version 2: its reaction model's cross-validation;
 * older agents: k-fold for a small protocol, one held-out fifth for a large one, of the language model).
 */
export const trainingQualitySchema = z.object({
  method: z.enum(['k-fold', 'held-out']),
  /** Check models trained. */
  runs: z.int(),
  measured: z.int(),
  right: z.int(),
  /** Answers without a reaction (constrained decoding makes this 0; kept as a check). */
  noReaction: z.int(),
  reactions: z.array(qualityReactionSchema),
  /** At most 20, in example order. */
  misses: z.array(qualityMissSchema),
  /** On-topic examples refused (at most 20, in example order); checks of older agents do not say. */
  refusedOnTopic: z.optional(z.array(qualityRefusedSchema)),
});
export type TrainingQuality = z.infer<typeof trainingQualitySchema>;

const deviceFiguresSchema = z.object({
  /** Peak resident memory of a process that loaded the agent and answered, over a bare process of its kind. */
  memoryBytes: z.int().check(z.nonnegative()),
  /** Answer tokens per second over the whole run, prompt included. */
  tokensPerSecond: z.number().check(z.positive()),
  firstTokenMs: z.number().check(z.nonnegative()),
});
export type DeviceFigures = z.infer<typeof deviceFiguresSchema>;

/**
 * Device fit (issue 33): what a trained version costs to run, measured on the server at export, one thread — the
 * figures `flora info` prints for the same file (packages/flora/src/device-fit.ts): the standard request's
 * tokens/s and time to first token, and memory over a bare process, with Flora-JS (Node) and Flora native (C;
 * null when the server has no native build, with the reason).
 */
export const deviceFitSchema = z.object({
  fileBytes: z.int().check(z.positive()),
  parameters: z.int().check(z.positive()),
  js: deviceFiguresSchema,
  native: z.nullable(deviceFiguresSchema),
  nativeMissingReason: z.optional(z.string()),
});
export type DeviceFit = z.infer<typeof deviceFitSchema>;

/**
 * What the training stages measure (stage `metrics`; every field optional, each stage fills its own):
 * written while the stage runs, so the agent page can draw the loss curve live, and kept when it ends.
 */
export const trainingMetricsSchema = z.partial(
  z.object({
    /** training_tokenizer: vocabulary size and the corpus in tokens. */
    vocabularySize: z.int(),
    corpusTokens: z.int(),
    /** pretraining / finetuning. */
    parameters: z.int(),
    steps: z.int(),
    tokensPerSecond: z.number(),
    /** Mean training loss over the last steps. */
    trainLoss: z.number(),
    /** Loss on the held-out split (finetuning), or null when nothing is held out. */
    validationLoss: z.nullable(z.number()),
    /** Share (0..1) of the quality check's inputs answered with the right reaction (quality.right / measured). */
    reactionAccuracy: z.nullable(z.number()),
    /** The same on the training inputs. */
    trainReactionAccuracy: z.number(),
    heldOut: z.int(),
    /** finetuning: the quality check (null when no reaction had two examples to compare). */
    quality: z.nullable(trainingQualitySchema),
    /** At most ~200 points, evenly spread over the steps. */
    lossCurve: z.array(lossPointSchema),
    validationCurve: z.array(lossPointSchema),
    /** training_exporting: the agent file. */
    bytes: z.int(),
    sha256: z.string(),
    weightsFormat: z.string(),
    /** training_exporting: the agent file's device fit, or null when it could not be measured. */
    deviceFit: z.nullable(deviceFitSchema),
  }),
);
export type TrainingMetrics = z.infer<typeof trainingMetricsSchema>;

/**
 * The large metrics only the agent page draws (GET /blooms/{id}): the agents list (GET /blooms) leaves them out
 * of its stages' metrics — with them a page of trained agents is ten times larger.
 */
export const listOmittedMetrics = [
  'lossCurve',
  'validationCurve',
  'quality',
] as const satisfies readonly (keyof TrainingMetrics)[];

export const bloomStageSchema = z.object({
  name: z.enum(bloomStageNames),
  status: z.enum(workStatuses),
  /** Why a failed stage failed, in words its owner can read. */
  error: z.optional(z.object({ code: z.string(), message: z.string() })),
  progress: z._default(z.nullable(stageProgressSchema), null),
  /** What the stage measured (counts, losses, accuracy), by name. */
  metrics: z._default(z.nullable(z.record(z.string(), z.unknown())), null),
  /** ISO date-times. */
  startedAt: z._default(z.nullable(z.string()), null),
  completedAt: z._default(z.nullable(z.string()), null),
});
export type BloomStage = z.infer<typeof bloomStageSchema>;

/** What the agent is, read from its protocol: shown on the agent page. */
export const bloomSummarySchema = z.object({
  context: z.array(z.string()),
  instructions: z.array(
    z.object({
      name: z.string(),
      /** Input lines a user gives (the protocol's `inputs`). */
      inputs: z.int(),
      samples: z.int(),
      reactions: z.array(z.string()),
      /**
       * The instruction's guardrails: the input line each watches (0-based), the off-topic examples the
       * agent was taught to refuse, and its fixed answer to them (the playground offers them as tries).
       */
      guardrails: z._default(
        z.array(z.object({ line: z.int(), examples: z.array(z.string()), output: z.string() })),
        [],
      ),
    }),
  ),
  /** Every reaction (final token) the agent can give. */
  reactions: z.array(z.string()),
  guardrails: z.int(),
});
export type BloomSummary = z.infer<typeof bloomSummarySchema>;

/**
 * Where an agent waiting for its next training slice stands: the agents to be trained before it (those
 * training now included; slices are shared round-robin by owner) and, from the measured length of recent
 * slices, about how long until its turn — null when nothing has been measured yet.
 */
/** A waiting agent's place in the training line. */
export const trainingLineSchema = z.object({
  /** Training jobs (slices) handed out before its next one, those being worked included. */
  ahead: z.int().check(z.minimum(0)),
  /**
   * Seconds until its turn, from the training the agents ahead have left (their remaining steps at the measured
   * speed), handed out round-robin by owner; null when nothing has been measured to tell.
   */
  etaSeconds: z.nullable(z.number().check(z.minimum(0))),
});
export type TrainingLine = z.infer<typeof trainingLineSchema>;

/** One version of an agent (issue 33). */
export const bloomVersionSchema = z.object({
  number: z.int(),
  /** ISO date-time. */
  createdAt: z.string(),
  /** Its training as a whole (from its stages). */
  status: z.enum(workStatuses),
  /** Its protocol's samples, once its first stage has read them. */
  samples: z.nullable(z.int()),
  /** Its quality check: inputs answered with the right reaction of those measured. */
  quality: z.nullable(z.object({ right: z.int(), measured: z.int() })),
  /** Its agent file's size, once exported. */
  sizeBytes: z.nullable(z.int()),
  /** Its agent file against the owner's scenario tests (null before it is exported). */
  scenarios: z.nullable(z.object({ passed: z.int(), total: z.int() })),
  /** Where its agent file downloads, once exported. */
  downloadURL: z.nullable(z.string()),
  /** Its agent file's device fit, measured at export (null before, or when it could not be measured). */
  deviceFit: z._default(z.nullable(deviceFitSchema), null),
});
export type BloomVersion = z.infer<typeof bloomVersionSchema>;

/** POST /blooms/{id}/versions as JSON (the draft editor's): the protocol file's content. */
export const bloomVersionRequestSchema = z.object({ protocol: z.record(z.string(), z.unknown()) });
export type BloomVersionRequest = z.infer<typeof bloomVersionRequestSchema>;

/** POST /blooms/{id}/versions: 201. */
export const bloomVersionResponseSchema = z.object({ version: bloomVersionSchema });
export type BloomVersionResponse = z.infer<typeof bloomVersionResponseSchema>;

export const bloomSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO date-time. */
  createdAt: z.string(),
  /** ISO date-time. */
  updatedAt: z.string(),
  /** ISO date-time the last stage completed, or null. */
  completedAt: z._default(z.nullable(z.string()), null),
  downloadURL: z.nullable(z.string()),
  dataset: z.object({
    name: z.string(),
    status: z.enum(datasetStatuses),
    stage: z.nullable(z.enum(datasetStageLabels)),
    model: z.object({ status: z.enum(workStatuses) }),
  }),
  stages: z.array(bloomStageSchema),
  payment: z.object({
    status: z.enum(paymentStatuses),
    /** The agent's price in cents (the original shows "Total Cost: $0"). */
    amountCents: z._default(z.int(), 0),
    currency: z._default(z.string(), 'usd'),
  }),
  /** The protocol version in use (an edit adds a version). */
  protocolVersion: z._default(z.int(), 1),
  summary: z._default(z.nullable(bloomSummarySchema), null),
  /** Its place in the training line while it waits for a training slice (on GET /blooms/{id}); else null. */
  trainingLine: z._default(z.nullable(trainingLineSchema), null),
  /**
   * Issue 33: the version `downloadURL` serves — the newest trained one (passing every scenario when the owner
   * gates downloads on them) — or, before any is trained, the one in the works. `stages`, `dataset` and
   * `payment` describe the version in the works (`protocolVersion`, the newest).
   */
  currentVersion: z._default(z.int(), 1),
  /** Every version, oldest first (on GET /blooms/{id}; a list leaves them out). */
  versions: z._default(z.array(bloomVersionSchema), []),
  /** The trained agent's device fit (the export stage's); absent until it is exported, null if not measured. */
  deviceFit: z.optional(z.nullable(deviceFitSchema)),
});
export type Bloom = z.infer<typeof bloomSchema>;

/** A page of the agents list: each agent as GET /blooms/{id} shows it, without `listOmittedMetrics`. */
export const bloomListResponseSchema = z.object({
  blooms: z.array(bloomSchema),
  total: z.int(),
});
export type BloomListResponse = z.infer<typeof bloomListResponseSchema>;

export type BloomStatusLabel = 'failed' | 'trained' | 'in_progress' | 'ready' | 'not_started';

/** What bloomStatusLabel reads; a full Bloom fits. */
export interface BloomStatusInput {
  dataset: { status: DatasetStatus; model: { status: WorkStatus } };
  stages: readonly { status: WorkStatus }[];
  payment: { status: PaymentStatus };
}

/**
 * Sidebar status label (docs/product-rules.md §4), its rules evaluated in order. As written, rule 3 already
 * catches every paid bloom whose model is not completed (and rule 2 every completed one), so 'not_started'
 * cannot be returned; it is kept so the function stays a literal copy of the rule.
 */
export function bloomStatusLabel(bloom: BloomStatusInput): BloomStatusLabel {
  const { dataset, stages, payment } = bloom;
  const modelStatus = dataset.model.status;
  const modelCompleted = modelStatus === 'completed';
  const paid = payment.status === 'paid';
  if (dataset.status === 'failed' || modelStatus === 'failed') return 'failed';
  if (modelCompleted) return 'trained';
  if (
    stages.some((s) => s.status === 'processing') ||
    (paid && (stages.some((s) => s.status === 'pending') || !modelCompleted))
  ) {
    return 'in_progress';
  }
  if (!paid) return 'ready';
  return 'not_started';
}
