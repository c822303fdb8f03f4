import type { BloomStage, TrainingQuality } from '@greenhouse/contracts';
import { stageMetrics } from './training-metrics';

export type QualityRating = 'good' | 'fair' | 'weak';

type QualityReaction = TrainingQuality['reactions'][number];
type QualityMiss = TrainingQuality['misses'][number];

/**
 * The finetuning stage's quality check, once that stage is completed: the check itself, null when the
 * protocol had too few examples to check (no reaction with two of them), or undefined when there is nothing
 * to say (the stage is not done, or it was trained before the check existed).
 */
export function finetuningQuality(stages: readonly BloomStage[]): TrainingQuality | null | undefined {
  const stage = stages.find((s) => s.name === 'training_finetuning');
  if (stage?.status !== 'completed') return undefined;
  const { quality } = stageMetrics(stage);
  // A check that asked nothing says no more than none at all.
  if (quality && quality.measured <= 0) return null;
  return quality;
}

/** Good from 80 % of the left-out examples answered right, fair from 50 %, else it needs more examples. */
export function qualityRating(quality: Pick<TrainingQuality, 'right' | 'measured'>): QualityRating {
  const share = quality.measured > 0 ? quality.right / quality.measured : 0;
  return share >= 0.8 ? 'good' : share >= 0.5 ? 'fair' : 'weak';
}

/**
 * The reaction the check models got wrong most often, by share (lowest right/measured among the reactions
 * that were asked and missed at least once; the first of equals), or null when none was missed.
 */
export function weakestReaction(quality: Pick<TrainingQuality, 'reactions'>): QualityReaction | null {
  let weakest: QualityReaction | null = null;
  for (const reaction of quality.reactions) {
    if (reaction.measured <= 0 || reaction.right >= reaction.measured) continue;
    if (!weakest || reaction.right / reaction.measured < weakest.right / weakest.measured) weakest = reaction;
  }
  return weakest;
}

const refusalKey = (key: string) => key.includes('<UNK>');

/** Whether a miss expected a refusal (a guardrail example): by the check's reactions, else by its key. */
export function expectsRefusal(quality: Pick<TrainingQuality, 'reactions'>, miss: QualityMiss): boolean {
  const reaction = quality.reactions.find((r) => r.reaction === miss.expected);
  return reaction ? reaction.refusal : refusalKey(miss.expected);
}

/** Whether a miss was answered with a refusal. */
export const answeredRefusal = (miss: QualityMiss): boolean => miss.gotRefusal || refusalKey(miss.got);
