// The model's shape and its parameter layout. All parameters live in ONE flat Float32Array in a fixed
// order (below), each tensor a view at an offset aligned to 16 floats; the gradients, AdamW's moments
// and the exported weights use the same layout. Weight matrices are stored [in, out] (row-major), so a
// linear layer is y = x·W + b with x [tokens, in].

export interface GptConfig {
  vocabSize: number;
  /** Longest sequence (positions 0 … contextLength-1): input + output of the longest example. */
  contextLength: number;
  dModel: number;
  nLayers: number;
  nHeads: number;
  /** Hidden width of the MLP (usually 4 × dModel). */
  dFF: number;
  /** Output head = token embedding matrix transposed (GPT-2 style). */
  tieEmbeddings: boolean;
}

export type InitKind = 'embedding' | 'linear' | 'residual' | 'zeros' | 'ones';

export interface ParamSpec {
  name: string;
  shape: readonly number[];
  offset: number;
  size: number;
  init: InitKind;
  /** AdamW weight decay applies (matrices and embeddings; not biases or LayerNorm). */
  decay: boolean;
}

export interface ParamLayout {
  specs: readonly ParamSpec[];
  byName: ReadonlyMap<string, ParamSpec>;
  /** Floats in the flat buffer (with alignment padding). */
  total: number;
  /** Real parameters (no padding). */
  count: number;
}

const ALIGN = 16;
export const align = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

export function validateConfig(c: GptConfig): void {
  for (const k of ['vocabSize', 'contextLength', 'dModel', 'nLayers', 'nHeads', 'dFF'] as const) {
    if (!Number.isInteger(c[k]) || c[k] < 1) throw new Error(`GptConfig.${k} must be a positive integer`);
  }
  if (c.dModel % c.nHeads !== 0) throw new Error('GptConfig.dModel must be a multiple of nHeads');
}

export function paramLayout(c: GptConfig): ParamLayout {
  validateConfig(c);
  const { vocabSize: V, contextLength: T, dModel: d, dFF: f } = c;
  const specs: ParamSpec[] = [];
  let offset = 0;
  let count = 0;
  const add = (name: string, shape: number[], init: InitKind) => {
    const size = shape.reduce((a, b) => a * b, 1);
    specs.push({ name, shape, offset, size, init, decay: shape.length > 1 });
    offset += align(size);
    count += size;
  };
  add('wte', [V, d], 'embedding');
  add('wpe', [T, d], 'embedding');
  for (let l = 0; l < c.nLayers; l++) {
    add(`h${l}.ln1.g`, [d], 'ones');
    add(`h${l}.ln1.b`, [d], 'zeros');
    add(`h${l}.attn.wqkv`, [d, 3 * d], 'linear');
    add(`h${l}.attn.bqkv`, [3 * d], 'zeros');
    add(`h${l}.attn.wo`, [d, d], 'residual');
    add(`h${l}.attn.bo`, [d], 'zeros');
    add(`h${l}.ln2.g`, [d], 'ones');
    add(`h${l}.ln2.b`, [d], 'zeros');
    add(`h${l}.mlp.w1`, [d, f], 'linear');
    add(`h${l}.mlp.b1`, [f], 'zeros');
    add(`h${l}.mlp.w2`, [f, d], 'residual');
    add(`h${l}.mlp.b2`, [d], 'zeros');
  }
  add('lnf.g', [d], 'ones');
  add('lnf.b', [d], 'zeros');
  if (!c.tieEmbeddings) add('head', [d, V], 'linear');
  return { specs, byName: new Map(specs.map((s) => [s.name, s])), total: offset, count };
}

export function countParams(c: GptConfig): number {
  return paramLayout(c).count;
}
