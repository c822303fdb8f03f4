// The training loop: seeded batches, forward, masked cross-entropy, backward, AdamW.
//
// Every batch is split into SHARDS (2) shards by a fixed rule; each shard's gradient is computed from
// zero and the two are added in float32 — on one thread one after the other (`train`), or on two
// threads at once (`trainParallel`, parallel.ts). Float addition of two numbers is commutative, so
// both give BIT-IDENTICAL weights: training is deterministic for a seed whatever the thread count,
// and whichever kernels run (the WASM and JS kernels agree bit for bit, see kernels/kernels.ts).
import type { Dropout, Gpt } from '../model/gpt.js';
import { Rng } from '../rng.js';
import { AdamW, DEFAULT_ADAMW, learningRate, type AdamWOptions, type Schedule } from './adamw.js';
import type { TrainingCheckpoint } from './checkpoint.js';
import { BatchStream, packBatch, rowsOf, type Sequence } from './data.js';

export const SHARDS = 2;

export interface TrainOptions {
  steps: number;
  /** Model rows per step (sequences are packed up to this many tokens). */
  batchTokens: number;
  lr: number;
  /** Default lr / 10. */
  minLr?: number;
  /** Default min(100, steps / 10). */
  warmupSteps?: number;
  adamw?: Partial<AdamWOptions>;
  /** Seeds the batch order (the weights are seeded by Gpt.initialize). */
  seed: number;
  /** Called after every step. */
  onStep?: (info: StepInfo) => void;
  /**
   * Continue this run from a checkpoint (of a run with the same model shape, sequences and options):
   * the model's weights and the optimizer are replaced by the checkpoint's.
   */
  resume?: TrainingCheckpoint;
  /** Asked after every step (after `onStep`); true stops the run early, with a checkpoint. */
  shouldStop?: () => boolean;
  /**
   * Dropout rate of the MLP's hidden activations (0 or absent: none; see Gpt.forward). The masks are
   * seeded by (seed, step, shard), so a run stays bit-identical on one thread or two, and when resumed.
   */
  dropout?: number;
  /** Token dropout of the prompt's positions (see Dropout.tokens); seeded like `dropout`. */
  tokenDropout?: number;
  /** Token noise of the prompt's positions (see Dropout.replace); seeded like `dropout`. */
  tokenNoise?: number;
  /** Residual dropout (see Dropout.residual); seeded like `dropout`. */
  residualDropout?: number;
  /** Label smoothing ε of the training loss (0 or absent: none; see Gpt.loss). */
  labelSmoothing?: number;
}

export interface StepInfo {
  step: number;
  /** Mean loss per trained token of this step's batch. */
  loss: number;
  lr: number;
  gradNorm: number;
  /** Model rows (tokens) this step processed. */
  tokens: number;
}

export interface TrainResult {
  /** Every step's loss, from the first step of the run (before any resume). */
  losses: number[];
  /** Tokens through forward and backward (the whole run). */
  tokens: number;
  /** Training seconds (the whole run). */
  seconds: number;
  /** `shouldStop` ended the run before `steps`. */
  stopped: boolean;
  /** The state to resume from, when stopped. */
  checkpoint?: TrainingCheckpoint;
}

/**
 * Splits a batch into `n` shards of similar size: each sequence, in order, goes to the shard with the
 * fewest rows so far (the lowest index on ties). Shards may be empty.
 */
export function splitShards(sequences: readonly Sequence[], n: number): Sequence[][] {
  const shards: Sequence[][] = Array.from({ length: n }, () => []);
  const rows = new Array<number>(n).fill(0);
  for (const s of sequences) {
    let best = 0;
    for (let i = 1; i < n; i++) if (rows[i]! < rows[best]!) best = i;
    shards[best]!.push(s);
    rows[best]! += rowsOf(s);
  }
  return shards;
}

/**
 * Gradient of (scale · Σ weight·loss) over one shard, from zero, into `model.grads`; returns the
 * shard's Σ weight·loss.
 */
export function shardGradients(
  model: Gpt,
  sequences: readonly Sequence[],
  scale: number,
  dropout?: Dropout,
  labelSmoothing = 0,
): number {
  model.zeroGrads();
  if (sequences.length === 0) return 0;
  model.forward(packBatch(sequences), dropout);
  const loss = model.loss(scale, labelSmoothing);
  model.backward();
  return loss;
}

/** The state of one training run shared by `train` and `trainParallel`. */
export class TrainingRun {
  readonly optimizer: AdamW;
  private readonly stream: BatchStream;
  private readonly schedule: Schedule;
  readonly losses: number[] = [];
  tokens = 0;
  step = 0;
  stopped = false;
  /** Seconds of the run before this segment (from the checkpoint). */
  private readonly secondsBefore: number;
  private readonly started = performance.now();

  constructor(
    readonly model: Gpt,
    sequences: readonly Sequence[],
    readonly options: TrainOptions,
  ) {
    const maxRows = Math.max(...sequences.map(rowsOf));
    if (maxRows > model.config.contextLength) {
      throw new Error(
        `a sequence of ${maxRows + 1} ids does not fit contextLength ${model.config.contextLength}`,
      );
    }
    if (Math.max(options.batchTokens, maxRows) > model.maxTokens)
      throw new Error('batchTokens > model maxTokens');
    this.optimizer = new AdamW(model.layout, { ...DEFAULT_ADAMW, ...options.adamw });
    this.stream = new BatchStream(sequences, options.batchTokens, new Rng(options.seed));
    this.schedule = {
      lr: options.lr,
      minLr: options.minLr ?? options.lr / 10,
      warmupSteps: options.warmupSteps ?? Math.min(100, Math.floor(options.steps / 10)),
      steps: options.steps,
    };
    const cp = options.resume;
    this.secondsBefore = cp?.seconds ?? 0;
    if (cp) {
      if (cp.params.length !== model.params.length)
        throw new Error(`checkpoint has ${cp.params.length} parameters, the model ${model.params.length}`);
      model.params.set(cp.params);
      this.optimizer.m.set(cp.m);
      this.optimizer.v.set(cp.v);
      this.optimizer.step = cp.optimizerStep;
      this.losses.push(...cp.losses);
      this.tokens = cp.tokens;
      this.step = cp.step;
      for (let s = 0; s < cp.step; s++) this.stream.next();
    }
  }

  get done(): boolean {
    return this.step >= this.options.steps;
  }

  /** Whether the loop should run another step. */
  get running(): boolean {
    return !this.done && !this.stopped;
  }

  /** Shard `shard`'s dropout of the current step (undefined without dropout). */
  dropoutFor(shard: number): Dropout | undefined {
    const rate = this.options.dropout ?? 0;
    const tokens = this.options.tokenDropout ?? 0;
    const residual = this.options.residualDropout ?? 0;
    const replace = this.options.tokenNoise ?? 0;
    if (!(rate > 0) && !(tokens > 0) && !(residual > 0) && !(replace > 0)) return undefined;
    const seed =
      (Math.imul(this.options.seed, 0x9e3779b1) ^
        Math.imul(this.step + 1, 0x85ebca6b) ^
        Math.imul(shard + 1, 0xc2b2ae35)) >>>
      0;
    return {
      rate: rate > 0 ? rate : 0,
      seed,
      ...(tokens > 0 ? { tokens } : {}),
      ...(residual > 0 ? { residual } : {}),
      ...(replace > 0 ? { replace } : {}),
    };
  }

  /** The next batch: its shards, the loss scale (1 / trained tokens) and its rows. */
  nextBatch(): { shards: Sequence[][]; scale: number; weight: number; rows: number } {
    const sequences = this.stream.next();
    let weight = 0;
    let rows = 0;
    for (const s of sequences) {
      weight += rowsOf(s) - Math.max(0, s.lossFrom - 1);
      rows += rowsOf(s);
    }
    return { shards: splitShards(sequences, SHARDS), scale: weight > 0 ? 1 / weight : 0, weight, rows };
  }

  /** AdamW on the summed gradient in `model.grads`; records the step. */
  finishStep(lossSum: number, weight: number, rows: number): void {
    const lr = learningRate(this.step, this.schedule);
    const gradNorm = this.optimizer.update(this.model.params, this.model.grads, lr);
    const loss = weight > 0 ? lossSum / weight : 0;
    this.losses.push(loss);
    this.tokens += rows;
    this.options.onStep?.({ step: this.step, loss, lr, gradNorm, tokens: rows });
    this.step++;
    if (!this.done && this.options.shouldStop?.()) this.stopped = true;
  }

  get seconds(): number {
    return this.secondsBefore + (performance.now() - this.started) / 1000;
  }

  /** The complete state (copies), to resume from. */
  checkpoint(meta?: Record<string, unknown>): TrainingCheckpoint {
    return {
      step: this.step,
      params: Float32Array.from(this.model.params),
      m: Float32Array.from(this.optimizer.m),
      v: Float32Array.from(this.optimizer.v),
      optimizerStep: this.optimizer.step,
      losses: [...this.losses],
      tokens: this.tokens,
      seconds: this.seconds,
      ...(meta ? { meta } : {}),
    };
  }

  result(): TrainResult {
    return {
      losses: this.losses,
      tokens: this.tokens,
      seconds: this.seconds,
      stopped: this.stopped,
      ...(this.stopped ? { checkpoint: this.checkpoint() } : {}),
    };
  }
}

/** Trains on one thread. */
export function train(model: Gpt, sequences: readonly Sequence[], options: TrainOptions): TrainResult {
  const run = new TrainingRun(model, sequences, options);
  const spare = new Float32Array(model.grads.length);
  while (run.running) {
    const { shards, scale, weight, rows } = run.nextBatch();
    let loss = 0;
    for (let s = SHARDS - 1; s >= 0; s--) {
      loss += shardGradients(model, shards[s]!, scale, run.dropoutFor(s), options.labelSmoothing);
      if (s > 0) addInto(spare, model.grads, s === SHARDS - 1);
    }
    addInto(model.grads, spare, false);
    run.finishStep(loss, weight, rows);
  }
  return run.result();
}

/** a ← b (copy) or a ← a + b, element-wise in float32. */
export function addInto(a: Float32Array, b: Float32Array, copy: boolean): void {
  if (copy) a.set(b);
  else for (let i = 0; i < a.length; i++) a[i] = a[i]! + b[i]!;
}

/** Mean loss per trained token over `sequences` (no update), in batches of `batchTokens`. */
export function evaluate(model: Gpt, sequences: readonly Sequence[], batchTokens: number): number {
  let loss = 0;
  let weight = 0;
  let group: Sequence[] = [];
  let rows = 0;
  const flush = () => {
    if (group.length === 0) return;
    const batch = packBatch(group);
    model.forward(batch);
    loss += model.loss(0);
    weight += batch.weights.reduce((a, b) => a + b, 0);
    group = [];
    rows = 0;
  };
  for (const s of sequences) {
    if (rows + rowsOf(s) > batchTokens) flush();
    group.push(s);
    rows += rowsOf(s);
  }
  flush();
  return weight > 0 ? loss / weight : 0;
}
