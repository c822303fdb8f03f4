import type { DraftGap } from '@greenhouse/mtp';
import type { TFunction } from 'i18next';
import { problemText } from '../../lib/problem-text';

/** Every gap key (the record type makes one added to DraftGap and missing here a compile error). */
const gapKeys: Record<DraftGap['key'], true> = {
  name: true,
  description: true,
  reactions: true,
  duplicateReaction: true,
  reservedReaction: true,
  reactionExamples: true,
  unknownReaction: true,
  duplicateInstruction: true,
  instructionSamples: true,
  guardrailOutput: true,
  guardrailExamples: true,
  guardrailDigits: true,
  protocol: true,
};

/**
 * One thing a draft still lacks (packages/mtp draftGaps), in the UI's language. The gap's params go in
 * through `replace`, so `count` is a value here, not i18next's plural option.
 */
export function gapText(t: TFunction, gap: DraftGap): string {
  if (gap.key === 'protocol') {
    // The protocol check's own problem, in the app's words when it has them.
    const message = problemText(t, {
      path: [],
      pointer: '',
      key: gap.problem,
      message: gap.message,
      params: gap.params,
    });
    return t('chat.gaps.protocol', { replace: { message } });
  }
  const { key, ...params } = gap;
  return t(`chat.gaps.${key}`, { replace: params });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The gaps of a chat.not_ready_to_generate refusal (its params.gaps), those the app knows; [] when there
 * are none it can read.
 */
export function gapsOfRefusal(params: Record<string, unknown>): DraftGap[] {
  const gaps = params.gaps;
  if (!Array.isArray(gaps)) return [];
  return gaps.filter(
    (gap): gap is DraftGap =>
      isRecord(gap) &&
      typeof gap.key === 'string' &&
      Object.hasOwn(gapKeys, gap.key) &&
      (gap.key === 'protocol'
        ? typeof gap.problem === 'string' && typeof gap.message === 'string' && isRecord(gap.params)
        : Object.values(gap).every(isParam)),
  );
}

const isParam = (value: unknown) => typeof value === 'string' || typeof value === 'number';
