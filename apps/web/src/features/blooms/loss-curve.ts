import type { BloomStage, LossPoint } from '@greenhouse/contracts';
import type { TFunction } from 'i18next';
import { orderedStages } from './stages';
import { stageMetrics } from './training-metrics';

export type LossPhase = 'pretraining' | 'finetuning';
export type LossKind = 'train' | 'validation';

/** One line of the chart: a stage's training or validation loss, its steps moved onto the shared x axis. */
export interface LossSeries {
  phase: LossPhase;
  kind: LossKind;
  /** As the stage reported them (its own step numbers). */
  points: LossPoint[];
  /** What is added to the stage's steps to place them on the x axis. */
  offset: number;
}

export interface LossCurves {
  series: LossSeries[];
  /** The x axis runs from 0 to here: the planned steps when known, so a live line grows into the chart. */
  maxStep: number;
  /** Where finetuning starts on the x axis, when it has points. */
  boundary: number | null;
  /** Whether a training stage is still running (the chart is live). */
  live: boolean;
}

const lastStep = (points: readonly LossPoint[]) => points.at(-1)?.step ?? 0;

/** The steps a stage will run: the finished count, the running total, or as far as its curve got. */
function plannedSteps(stage: BloomStage, points: readonly LossPoint[], steps: number | undefined): number {
  const running = stage.status === 'processing' ? (stage.progress?.totalSteps ?? 0) : 0;
  return Math.max(steps ?? 0, running, lastStep(points));
}

/**
 * The loss curves of pretraining and finetuning on one x axis. Each training stage counts its steps from
 * the start, so finetuning is drawn after pretraining's steps (unless its steps already continue them).
 */
export function lossCurves(stages: readonly BloomStage[]): LossCurves {
  const byName = new Map(orderedStages(stages).map((stage) => [stage.name, stage]));
  const pretraining = byName.get('training_pretraining')!;
  const finetuning = byName.get('training_finetuning')!;
  const pre = stageMetrics(pretraining);
  const fine = stageMetrics(finetuning);

  const preTrain = pre.lossCurve ?? [];
  const preValidation = pre.validationCurve ?? [];
  const fineTrain = fine.lossCurve ?? [];
  const fineValidation = fine.validationCurve ?? [];
  const preSteps = plannedSteps(pretraining, [...preTrain, ...preValidation], pre.steps);
  const fineFirst = Math.min(fineTrain[0]?.step ?? Infinity, fineValidation[0]?.step ?? Infinity);
  const offset = fineFirst > preSteps && Number.isFinite(fineFirst) ? 0 : preSteps;
  const fineSteps = plannedSteps(finetuning, [...fineTrain, ...fineValidation], fine.steps);

  const series: LossSeries[] = [
    { phase: 'pretraining' as const, kind: 'train' as const, points: preTrain, offset: 0 },
    { phase: 'pretraining' as const, kind: 'validation' as const, points: preValidation, offset: 0 },
    { phase: 'finetuning' as const, kind: 'train' as const, points: fineTrain, offset },
    { phase: 'finetuning' as const, kind: 'validation' as const, points: fineValidation, offset },
  ].filter((line) => line.points.length > 0);

  const hasFinetuning = fineTrain.length > 0 || fineValidation.length > 0;
  return {
    series,
    maxStep: Math.max(preSteps, hasFinetuning ? offset + fineSteps : 0, 1),
    boundary: hasFinetuning && offset > 0 ? offset : null,
    live: pretraining.status === 'processing' || finetuning.status === 'processing',
  };
}

/** A round step for about `count` ticks over 0..max: 1, 2 or 5 times a power of ten. */
export function tickStep(max: number, count = 4): number {
  if (!(max > 0) || !Number.isFinite(max)) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/** Ticks 0, step, 2·step… up to the first that reaches `max` (so the axis ends on a round value). */
export function ticksTo(max: number, step: number): number[] {
  const ticks = [0];
  while (ticks.at(-1)! < max - step * 1e-9 && ticks.length < 50) ticks.push(ticks.length * step);
  return ticks;
}

/** A number formatter in the UI's language (for losses and step numbers). */
export type Format = (value: number) => string;

/** One sentence per line: "Pretraining, steps 1–60: training loss fell from 6.214 to 2.134." */
export function lossSummary(curves: LossCurves, t: TFunction, loss: Format, integer: Format): string {
  const sentences = curves.series.map((line) => {
    const first = line.points[0]!;
    const last = line.points.at(-1)!;
    const stage = t(`lossChart.phase.${line.phase}`);
    const base = `lossChart.summary.${line.kind}`;
    if (line.points.length === 1) {
      return t(`${base}.point`, { stage, step: integer(first.step), loss: loss(first.loss) });
    }
    const trend = last.loss < first.loss ? 'fell' : last.loss > first.loss ? 'rose' : 'same';
    return t(`${base}.${trend}`, {
      stage,
      first: integer(first.step),
      last: integer(last.step),
      from: loss(first.loss),
      to: loss(last.loss),
    });
  });
  if (curves.live) sentences.push(t('lossChart.summary.live'));
  return sentences.join(' ');
}
