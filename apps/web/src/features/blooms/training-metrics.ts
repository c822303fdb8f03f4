import {
  lossPointSchema,
  trainingMetricsSchema,
  type BloomStage,
  type LossPoint,
  type TrainingMetrics,
} from '@greenhouse/contracts';

type MetricName = keyof TrainingMetrics;
const metricNames = Object.keys(trainingMetricsSchema.shape) as MetricName[];

/** Well-formed points with a finite loss, in step order, one per step (a later duplicate wins). */
function cleanCurve(value: unknown): LossPoint[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const byStep = new Map<number, number>();
  for (const item of value) {
    const point = lossPointSchema.safeParse(item);
    if (point.success && Number.isFinite(point.data.loss)) byStep.set(point.data.step, point.data.loss);
  }
  return [...byStep].sort(([a], [b]) => a - b).map(([step, loss]) => ({ step, loss }));
}

/**
 * A stage's metrics as the training stages write them, read with `trainingMetricsSchema`. The server's
 * `metrics` is any record, so this never throws: when the whole record does not fit, each field is kept
 * on its own if it fits (one odd field hides only itself), and a curve keeps its well-formed points.
 * Anything that is not a record gives `{}`.
 */
export function parseTrainingMetrics(metrics: unknown): TrainingMetrics {
  if (typeof metrics !== 'object' || metrics === null || Array.isArray(metrics)) return {};
  const whole = trainingMetricsSchema.safeParse(metrics);
  if (whole.success) {
    const { lossCurve, validationCurve } = whole.data;
    return {
      ...whole.data,
      ...(lossCurve && { lossCurve: cleanCurve(lossCurve) }),
      ...(validationCurve && { validationCurve: cleanCurve(validationCurve) }),
    };
  }

  const record = metrics as Record<string, unknown>;
  const parsed: Record<string, unknown> = {};
  for (const name of metricNames) {
    if (!(name in record)) continue;
    const value = record[name];
    if (name === 'lossCurve' || name === 'validationCurve') {
      const curve = cleanCurve(value);
      if (curve) parsed[name] = curve;
      continue;
    }
    const field = trainingMetricsSchema.shape[name].safeParse(value);
    if (field.success && field.data !== undefined) parsed[name] = field.data;
  }
  // Each field was checked by its own schema above.
  return parsed as TrainingMetrics;
}

/** A stage's training metrics (`{}` for a stage without any). */
export function stageMetrics(stage: Pick<BloomStage, 'metrics'>): TrainingMetrics {
  return parseTrainingMetrics(stage.metrics);
}
