import { bloomStageNames, type Bloom, type BloomStage } from '@greenhouse/contracts';

/**
 * The agent's stages in pipeline order, all seven of them: a stage the server has not reported yet is
 * shown as pending (a new agent's pipeline always has the seven of docs/product-rules.md §3).
 */
export function orderedStages(stages: readonly BloomStage[]): BloomStage[] {
  return bloomStageNames.map(
    (name) =>
      stages.find((stage) => stage.name === name) ?? {
        name,
        status: 'pending',
        progress: null,
        metrics: null,
        startedAt: null,
        completedAt: null,
      },
  );
}

/** Whether the pipeline has come to rest: every stage completed, or one (or the dataset or model) failed. */
export function isPipelineSettled(bloom: Pick<Bloom, 'stages' | 'dataset'>): boolean {
  const stages = orderedStages(bloom.stages);
  return (
    bloom.dataset.status === 'failed' ||
    bloom.dataset.model.status === 'failed' ||
    stages.some((stage) => stage.status === 'failed') ||
    stages.every((stage) => stage.status === 'completed')
  );
}

/** The stages that train the model: they start only once the agent is paid for (the data stages do not wait). */
export const isTrainingStage = (stage: Pick<BloomStage, 'name'>): boolean =>
  stage.name.startsWith('training_');

/**
 * Whether an unpaid agent's pipeline has done all it can before the payment: nothing running, and no data
 * stage left to run (only training stages are pending).
 */
export function isWaitingForPayment(stages: readonly BloomStage[]): boolean {
  return orderedStages(stages).every(
    (stage) => stage.status !== 'processing' && (stage.status === 'completed' || isTrainingStage(stage)),
  );
}

/** The stage worth announcing: the failed one, else the running one, else the next pending one. */
export function currentStage(stages: readonly BloomStage[]): BloomStage | undefined {
  const ordered = orderedStages(stages);
  return (
    ordered.find((stage) => stage.status === 'failed') ??
    ordered.find((stage) => stage.status === 'processing') ??
    ordered.find((stage) => stage.status === 'pending')
  );
}

/** A running stage's percent as a whole number in 0..100, or null when the stage cannot tell. */
export function stagePercent(stage: BloomStage): number | null {
  const percent = stage.progress?.percent;
  if (percent === undefined || !Number.isFinite(percent)) return null;
  return Math.round(Math.min(100, Math.max(0, percent)));
}
