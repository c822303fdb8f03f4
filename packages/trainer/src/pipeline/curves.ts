// Picking a bounded number of points from a long series.
import type { LossPoint } from './types.js';

/** Up to `k` indices of 0…n-1, evenly spread, the first and the last included (all when n ≤ k). */
export function evenlySpread(n: number, k: number): number[] {
  if (n <= k) return Array.from({ length: n }, (_, i) => i);
  if (k === 1) return [n - 1];
  return Array.from({ length: k }, (_, i) => Math.round((i * (n - 1)) / (k - 1)));
}

export const MAX_CURVE_POINTS = 200;

/** The loss curve of a run: at most 200 points; `step` counts steps done (1 = after the first). */
export function lossCurve(losses: readonly number[]): LossPoint[] {
  return evenlySpread(losses.length, MAX_CURVE_POINTS).map((i) => ({ step: i + 1, loss: losses[i]! }));
}

/** Mean of the last `k` values (0 when empty). */
export function meanOfLast(values: readonly number[], k: number): number {
  const tail = values.slice(-k);
  return tail.length ? tail.reduce((a, b) => a + b, 0) / tail.length : 0;
}
