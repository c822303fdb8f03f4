// The training noise of the forward pass (gpt.ts) and the masks its backward pass needs: token dropout and
// replacement on the input, dropout of the MLP's hidden units, dropout of each block's residual outputs. Each kind
// draws from a stream of its own seeded from the step's `Dropout.seed`, in a fixed order (row-major, layer by
// layer), so the same seed gives the same masks: a step is reproducible and its gradient exact.
import { Rng } from '../rng.js';

/**
 * Dropout of the MLP's hidden activations (training only): each of GELU's outputs is zeroed with
 * probability `rate` and the rest scaled by 1 / (1 − rate) (inverted dropout), the masks drawn from
 * `seed` (mulberry32, in row-major order, layer by layer): the same seed gives the same masks, so a
 * step is reproducible and its gradient exact.
 */
export interface Dropout {
  rate: number;
  seed: number;
  /**
   * Token dropout: each INPUT position (a row with loss weight 0: a finetuning example's prompt) loses
   * its token embedding with this probability (x₀ = wpe[position] alone), as if the word were
   * missing; fresh masks every step. Drawn from a stream of its own (seed ^ TOKEN_STREAM).
   */
  tokens?: number;
  /**
   * Token noise: each input position (as for `tokens`) reads a uniformly random token id of the
   * vocabulary instead of its own with this probability (BERT's random replacement), so that words
   * the finetuning data never showed are no surprise. Same stream as `tokens`.
   */
  replace?: number;
  /**
   * Residual dropout: of the attention's and the MLP's outputs before they are added to the residual
   * stream (GPT-2's resid_pdrop), inverted like `rate`. Drawn from a stream of its own (seed ^ RESIDUAL_STREAM).
   */
  residual?: number;
}

/** Seeds of the token and residual dropout streams (distinct from the MLP's, which keeps `seed`). */
const TOKEN_STREAM = 0x5bd1e995;
const RESIDUAL_STREAM = 0x27d4eb2f;

/** One inverted dropout: a stream and its rate; a kept unit is scaled by 1 / (1 − rate). */
interface Stream {
  rng: Rng;
  rate: number;
  keep: number;
}

const streamOf = (seed: number, rate: number): Stream | null =>
  rate > 0 ? { rng: new Rng(seed), rate, keep: Math.fround(1 / (1 - rate)) } : null;

/** The two residual outputs of a block: the attention's and the MLP's. */
export type ResidualBranch = 0 | 1;

/** One model's noise: the streams of the current step and the masks the last forward pass drew. */
export class TrainingNoise {
  private hidden: Stream | null = null;
  private residual: Stream | null = null;
  /** Per layer, the MLP hidden units' factors (0 or 1 / (1 − rate)) of the last forward pass. */
  private readonly hiddenMasks: Float32Array[] = [];
  /** Per layer, the residual factors of the attention's [0] and the MLP's [1] outputs. */
  private readonly residualMasks: [Float32Array, Float32Array][] = [];
  /** The token ids the last forward pass read under token dropout/noise (−1: dropped). */
  private noisyTokens: Int32Array | null = null;

  constructor(
    private readonly maxTokens: number,
    private readonly dModel: number,
    private readonly dFF: number,
  ) {}

  /**
   * Starts a forward pass with `dropout` (none: no noise) and answers the token ids its embedding reads:
   * `batch.tokens`, or under token dropout/noise a copy whose input positions may be −1 (dropped) or a random id
   * of the `vocabSize`.
   */
  begin(tokens: Int32Array, weights: Float32Array, vocabSize: number, dropout?: Dropout): Int32Array {
    this.hidden = dropout ? streamOf(dropout.seed, dropout.rate) : null;
    this.residual = dropout ? streamOf((dropout.seed ^ RESIDUAL_STREAM) >>> 0, dropout.residual ?? 0) : null;
    const tokenRate = dropout?.tokens ?? 0;
    const replaceRate = dropout?.replace ?? 0;
    if (!(tokenRate > 0 || replaceRate > 0)) return tokens;
    const rng = new Rng((dropout!.seed ^ TOKEN_STREAM) >>> 0);
    const ids = (this.noisyTokens ??= new Int32Array(this.maxTokens));
    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i]!;
      if (weights[i]! > 0) ids[i] = tok;
      else {
        const r = rng.next();
        ids[i] = r < tokenRate ? -1 : r < tokenRate + replaceRate ? rng.int(vocabSize) : tok;
      }
    }
    return ids;
  }

  /** Whether this step drops residual outputs (then a block adds them through `residualMask`). */
  get dropsResidual(): boolean {
    return this.residual !== null;
  }

  /** Drops layer `l`'s hidden units in place (`g`: rows × dFF), if this step drops them, keeping the mask. */
  dropHidden(l: number, g: Float32Array, rows: number): void {
    const s = this.hidden;
    if (!s) return;
    const mask = (this.hiddenMasks[l] ??= new Float32Array(this.maxTokens * this.dFF));
    for (let i = 0; i < rows * this.dFF; i++) {
      const m = s.rng.next() < s.rate ? 0 : s.keep;
      mask[i] = m;
      g[i] = g[i]! * m;
    }
  }

  /** Draws and keeps the mask (rows × dModel) of layer `l`'s residual `branch`; call only if `dropsResidual`. */
  drawResidualMask(l: number, branch: ResidualBranch, rows: number): Float32Array {
    const s = this.residual!;
    const pair = (this.residualMasks[l] ??= [
      new Float32Array(this.maxTokens * this.dModel),
      new Float32Array(this.maxTokens * this.dModel),
    ]);
    const mask = pair[branch];
    for (let i = 0; i < rows * this.dModel; i++) mask[i] = s.rng.next() < s.rate ? 0 : s.keep;
    return mask;
  }

  /** The last forward pass's hidden-unit mask of layer `l`, or null if it dropped none. */
  hiddenMask(l: number): Float32Array | null {
    return this.hidden ? this.hiddenMasks[l]! : null;
  }

  /** The last forward pass's mask of layer `l`'s residual `branch`, or null if it dropped none. */
  residualMask(l: number, branch: ResidualBranch): Float32Array | null {
    return this.residual ? this.residualMasks[l]![branch] : null;
  }
}
