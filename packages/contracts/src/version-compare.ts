import * as z from 'zod/mini';
import { workStatuses } from './entities.js';

// Two versions of an agent side by side (issue 33, GET /blooms/{id}/compare?a=1&b=2): each version's summary
// and what changed in its protocol from a to b — `protocolDiff` of @greenhouse/mtp, whose comments say what
// counts as the same sample and as changed (a test holds this schema to its types).

const sampleSnapshotSchema = z.object({
  inputs: z.array(z.string()),
  answer: z.string(),
  /** The final token's name (its value in the protocol). */
  reaction: z.string(),
  /** A FinalNumToken's value, else null. */
  value: z.nullable(z.number()),
  /** Per line (the inputs, then the answer): its NumTokens' numbers. */
  numbers: z.array(z.array(z.number())),
  /** Per line: one list per NumListToken. */
  numberLists: z.array(z.array(z.array(z.number()))),
});

const sampleChangeSchema = z.object({ before: sampleSnapshotSchema, after: sampleSnapshotSchema });

export const diffStatuses = ['added', 'removed', 'kept'] as const;

const reactionDiffSchema = z.object({
  name: z.string(),
  /** The key the reaction line writes (it differs from the name for emoji and encrypted keys). */
  key: z.string(),
  status: z.enum(diffStatuses),
  added: z.array(sampleSnapshotSchema),
  removed: z.array(sampleSnapshotSchema),
  /** Moved samples (another reaction before) included, under the reaction they have in b. */
  changed: z.array(sampleChangeSchema),
  unchanged: z.int(),
});

const guardrailSnapshotSchema = z.object({
  line: z.int(),
  badOutput: z.string(),
  badExamples: z.array(z.string()),
});

const guardrailsDiffSchema = z.object({
  added: z.array(guardrailSnapshotSchema),
  removed: z.array(guardrailSnapshotSchema),
  changed: z.array(
    z.object({
      line: z.int(),
      badOutput: z.nullable(z.object({ before: z.string(), after: z.string() })),
      badExamplesAdded: z.array(z.string()),
      badExamplesRemoved: z.array(z.string()),
    }),
  ),
  unchanged: z.int(),
});

const count = z.int().check(z.nonnegative());

export const protocolDiffSchema = z.object({
  instructions: z.array(
    z.object({
      name: z.string(),
      status: z.enum(diffStatuses),
      reactions: z.array(reactionDiffSchema),
      guardrails: guardrailsDiffSchema,
    }),
  ),
  summary: z.object({
    instructionsAdded: count,
    instructionsRemoved: count,
    samplesAdded: count,
    samplesRemoved: count,
    samplesChanged: count,
    samplesUnchanged: count,
    guardrailsAdded: count,
    guardrailsRemoved: count,
    guardrailsChanged: count,
  }),
});
export type ProtocolDiffResponse = z.infer<typeof protocolDiffSchema>;

/** One version of an agent, as the comparison shows it. */
export const versionSummarySchema = z.object({
  /** The protocol version (1, 2, …). */
  number: z.int().check(z.positive()),
  /** ISO date-time. */
  createdAt: z.string(),
  /** Its training's status. */
  status: z.enum(workStatuses),
  samples: count,
  /** The quality check: examples answered right of those measured; null until measured (or not measurable). */
  quality: z.nullable(z.object({ right: count, measured: count })),
  /** The agent file's size; null until exported. */
  sizeBytes: z.nullable(count),
  /** Its test scenarios passed; null when it has none run. */
  scenarios: z.nullable(z.object({ passed: count, total: count })),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

export const versionCompareResponseSchema = z.object({
  a: versionSummarySchema,
  b: versionSummarySchema,
  /** From a's protocol to b's. */
  diff: protocolDiffSchema,
});
export type VersionCompareResponse = z.infer<typeof versionCompareResponseSchema>;
