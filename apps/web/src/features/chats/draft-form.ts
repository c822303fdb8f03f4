import {
  bloomDraftSchema,
  draftGuardrailSchema,
  DRAFT_LIMITS,
  INSTRUCTION_NAME_PATTERN,
  REACTION_NAME_PATTERN,
  type BloomDraft,
} from '@greenhouse/mtp';
import type { TFunction } from 'i18next';
import * as z from 'zod/mini';

/**
 * The draft editor's form: the draft's own schema (packages/mtp bloomDraftSchema, so the rules cannot
 * drift), with its lists of plain texts (world facts, things to refuse) as lists of `{text}` rows (what
 * react-hook-form's field arrays hold) and the guardrail always present (empty when not given).
 */
export const draftFormSchema = z.extend(bloomDraftSchema, {
  context: z
    .array(z.object({ text: bloomDraftSchema.shape.context.def.element }))
    .check(z.maxLength(DRAFT_LIMITS.contextLines)),
  guardrail: z.object({
    badOutput: draftGuardrailSchema.shape.badOutput,
    badExamples: z
      .array(z.object({ text: draftGuardrailSchema.shape.badExamples.def.element }))
      .check(z.maxLength(DRAFT_LIMITS.badExamples)),
  }),
});
export type DraftFormInput = z.input<typeof draftFormSchema>;
export type DraftFormValues = z.output<typeof draftFormSchema>;

/** The form's starting values for a draft. */
export function draftFormValues(draft: BloomDraft): DraftFormValues {
  return {
    name: draft.name,
    description: draft.description,
    context: draft.context.map((text) => ({ text })),
    reactions: draft.reactions.map((r) => ({ name: r.name, description: r.description })),
    instructions: draft.instructions.map((i) => ({
      name: i.name,
      samples: i.samples.map((s) => ({ input: s.input, output: s.output, reaction: s.reaction })),
      // The phrasings offered travel with their instruction (kept or dropped in the editor too).
      ...(i.offers ? { offers: i.offers.map((o) => ({ reaction: o.reaction, input: o.input })) } : {}),
    })),
    guardrail: {
      badOutput: draft.guardrail?.badOutput ?? '',
      badExamples: (draft.guardrail?.badExamples ?? []).map((text) => ({ text })),
    },
  };
}

/**
 * The draft the form's (checked) values make. An empty guardrail stays `null` when it was not given before
 * (so the designer still asks for it) and stays an empty one when it was (the user chose to have none).
 */
export function draftFromForm(values: DraftFormValues, before: BloomDraft): BloomDraft {
  const { badOutput, badExamples } = values.guardrail;
  const emptyGuardrail = badOutput === '' && badExamples.length === 0;
  return bloomDraftSchema.parse({
    name: values.name,
    description: values.description,
    context: values.context.map((line) => line.text),
    reactions: values.reactions,
    instructions: values.instructions,
    guardrail:
      emptyGuardrail && before.guardrail === null
        ? null
        : { badOutput, badExamples: badExamples.map((line) => line.text) },
  });
}

/** What a zod issue of the draft form hands to the error map (the part of it read here). */
interface DraftIssue {
  code?: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  pattern?: unknown;
  input?: unknown;
}

/**
 * The error map of the draft form: each rule of the draft schema in the UI's language (the schema's checks
 * carry no messages of their own). Pass it as the resolver's `error` option.
 */
export function draftErrorMap(t: TFunction) {
  return (issue: DraftIssue): string => {
    if (issue.input === '') return t('validation.required');
    // zod gives the pattern as the regular expression's text (`/^…$/`).
    const pattern = String(issue.pattern ?? '');
    const is = (expected: RegExp) => pattern === String(expected) || pattern === expected.source;
    if (issue.code === 'invalid_format' && is(REACTION_NAME_PATTERN)) return t('draft.errors.reactionName');
    if (issue.code === 'invalid_format' && is(INSTRUCTION_NAME_PATTERN))
      return t('draft.errors.instructionName');
    if (issue.code === 'too_small' && issue.origin === 'string') return t('validation.required');
    if (issue.code === 'too_big' && issue.origin === 'string')
      return t('validation.stringMax', { max: issue.maximum });
    if (issue.code === 'too_big' && issue.origin === 'array')
      return t('draft.errors.tooMany', { replace: { max: issue.maximum } });
    if (issue.code === 'too_small' && issue.origin === 'array')
      return t('validation.arrayMin', { min: issue.minimum });
    return t('validation.required');
  };
}
