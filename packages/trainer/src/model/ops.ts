// Element-wise and row-wise operations of the model, forward and backward, on Float32Array rows.
// Sums are taken in float64 (JS numbers) and stored as float32.

export const LN_EPS = 1e-5;

/** y = (x − mean)/sqrt(var + eps)·g + b per row of `d`; keeps mean and 1/std per row for backward. */
export function layerNorm(
  x: Float32Array,
  g: Float32Array,
  b: Float32Array,
  y: Float32Array,
  mean: Float32Array,
  rstd: Float32Array,
  rows: number,
  d: number,
): void {
  for (let r = 0, o = 0; r < rows; r++, o += d) {
    let s = 0;
    for (let j = 0; j < d; j++) s += x[o + j]!;
    const mu = s / d;
    let v = 0;
    for (let j = 0; j < d; j++) {
      const t = x[o + j]! - mu;
      v += t * t;
    }
    const rs = 1 / Math.sqrt(v / d + LN_EPS);
    mean[r] = mu;
    rstd[r] = rs;
    for (let j = 0; j < d; j++) y[o + j] = (x[o + j]! - mu) * rs * g[j]! + b[j]!;
  }
}

/**
 * LayerNorm backward. With x̂ = (x − μ)·rstd and dx̂ = dy·g:
 *   dx += rstd · (dx̂ − mean(dx̂) − x̂ · mean(dx̂ · x̂)),  dg += Σ_rows dy·x̂,  db += Σ_rows dy.
 * (μ and rstd are functions of x; these two mean terms are their contribution.)
 */
export function layerNormBackward(
  dy: Float32Array,
  x: Float32Array,
  g: Float32Array,
  mean: Float32Array,
  rstd: Float32Array,
  dx: Float32Array,
  dg: Float32Array,
  db: Float32Array,
  rows: number,
  d: number,
): void {
  for (let r = 0, o = 0; r < rows; r++, o += d) {
    const mu = mean[r]!;
    const rs = rstd[r]!;
    let sum = 0;
    let sumXhat = 0;
    for (let j = 0; j < d; j++) {
      const xhat = (x[o + j]! - mu) * rs;
      const dxhat = dy[o + j]! * g[j]!;
      sum += dxhat;
      sumXhat += dxhat * xhat;
      dg[j]! += dy[o + j]! * xhat;
      db[j]! += dy[o + j]!;
    }
    const m1 = sum / d;
    const m2 = sumXhat / d;
    for (let j = 0; j < d; j++) {
      const xhat = (x[o + j]! - mu) * rs;
      dx[o + j]! += rs * (dy[o + j]! * g[j]! - m1 - xhat * m2);
    }
  }
}

/** y[r, :] = bias for `rows` rows of width n (then a gemm accumulates x·W onto it). */
export function fillRows(y: Float32Array, bias: Float32Array, rows: number, n: number): void {
  for (let r = 0, o = 0; r < rows; r++, o += n) y.set(bias.subarray(0, n), o);
}

/** db[j] += Σ_r dy[r, j]. */
export function sumRows(dy: Float32Array, db: Float32Array, rows: number, n: number): void {
  for (let r = 0, o = 0; r < rows; r++, o += n) for (let j = 0; j < n; j++) db[j]! += dy[o + j]!;
}

/** The arena's exp-and-sum kernel: p[i] = exp(p[i]·scale − shift) for i < n, returns the sum. */
export type ExpSum = (p: Float32Array, n: number, scale: number, shift: number) => number;

/**
 * Causal softmax of one L×L score block in place: row t over columns 0…t of scale·S; columns > t
 * become 0 (so P·V may run over all L columns).
 */
export function causalSoftmax(s: Float32Array, L: number, scale: number, expSum: ExpSum): void {
  for (let t = 0, o = 0; t < L; t++, o += L) {
    let max = -Infinity;
    for (let j = 0; j <= t; j++) max = Math.max(max, s[o + j]!);
    const row = s.subarray(o, o + L);
    const inv = 1 / expSum(row, t + 1, scale, Math.fround(max * scale));
    for (let j = 0; j <= t; j++) row[j]! *= inv;
    row.fill(0, t + 1);
  }
}

/**
 * Softmax backward for one causal block, in place over dP: dS = scale · P ⊙ (dP − Σ_j dP·P) per row
 * (the gradient w.r.t. the raw scores S, since the softmax read scale·S).
 */
export function causalSoftmaxBackward(p: Float32Array, dp: Float32Array, L: number, scale: number): void {
  for (let t = 0, o = 0; t < L; t++, o += L) {
    let dot = 0;
    for (let j = 0; j <= t; j++) dot += dp[o + j]! * p[o + j]!;
    for (let j = 0; j <= t; j++) dp[o + j] = scale * p[o + j]! * (dp[o + j]! - dot);
    for (let j = t + 1; j < L; j++) dp[o + j] = 0;
  }
}

/**
 * Cross-entropy of `rows` logit rows (width V) against `targets`, weighted; overwrites the logits with
 * d(loss·scale)/dlogits = weight·scale·(softmax − q). Returns Σ weight·(−Σ_j q_j log p_j), where q is
 * the one-hot target, or with label smoothing ε > 0 the smoothed target (1 − ε)·onehot + ε/V (so the
 * loss is (1 − ε)·(−log p(target)) + ε·mean_j(−log p_j)). ε = 0 is plain cross-entropy.
 */
export function crossEntropy(
  logits: Float32Array,
  targets: Int32Array,
  weights: Float32Array,
  rows: number,
  V: number,
  scale: number,
  expSum: ExpSum,
  smoothing = 0,
): number {
  let loss = 0;
  for (let r = 0, o = 0; r < rows; r++, o += V) {
    const row = logits.subarray(o, o + V);
    let max = -Infinity;
    for (let j = 0; j < V; j++) max = Math.max(max, row[j]!);
    const target = targets[r]!;
    const w = weights[r]!;
    const lt = row[target]!;
    let mean = 0;
    if (smoothing > 0) {
      for (let j = 0; j < V; j++) mean += row[j]!;
      mean /= V;
    }
    const sum = expSum(row, V, 1, max);
    const lse = max + Math.log(sum);
    if (smoothing > 0) {
      loss += w * ((1 - smoothing) * (lse - lt) + smoothing * (lse - mean));
      const k = (w * scale) / sum;
      const u = (w * scale * smoothing) / V;
      for (let j = 0; j < V; j++) row[j] = row[j]! * k - u;
      row[target]! -= w * scale * (1 - smoothing);
    } else {
      loss += w * (lse - lt);
      const k = (w * scale) / sum;
      for (let j = 0; j < V; j++) row[j]! *= k;
      row[target]! -= w * scale;
    }
  }
  return loss;
}
