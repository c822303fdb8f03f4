// The model's shape and its parameter layout. All parameters live in ONE flat Float32Array in a fixed
// order, each tensor a view at an offset aligned to 16 floats; the gradients, AdamW's moments
// and the exported weights use the same layout. Weight matrices are stored [in, out] (row-major), so a
// linear layer is y = x·W + b with x [tokens, in]. The order and the shapes are the agent file's
// (@greenhouse/agent-format `tensorShapes`); the initialisation is the trainer's.
import { tensorShapes, valueCount, type ModelShape } from '@greenhouse/agent-format';

/** The model's size (the agent file's architecture less its fixed functions). */
export type GptConfig = ModelShape;

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

/** How each tensor starts (GPT-2), by its name without the layer prefix `h{l}.`. */
const INIT: Readonly<Record<string, InitKind>> = {
  wte: 'embedding',
  wpe: 'embedding',
  'ln1.g': 'ones',
  'ln1.b': 'zeros',
  'attn.wqkv': 'linear',
  'attn.bqkv': 'zeros',
  'attn.wo': 'residual',
  'attn.bo': 'zeros',
  'ln2.g': 'ones',
  'ln2.b': 'zeros',
  'mlp.w1': 'linear',
  'mlp.b1': 'zeros',
  'mlp.w2': 'residual',
  'mlp.b2': 'zeros',
  'lnf.g': 'ones',
  'lnf.b': 'zeros',
  head: 'linear',
};

export function paramLayout(c: GptConfig): ParamLayout {
  validateConfig(c);
  const specs: ParamSpec[] = [];
  let offset = 0;
  let count = 0;
  for (const { name, shape } of tensorShapes(c)) {
    const size = valueCount(shape);
    const init = INIT[name.replace(/^h\d+\./, '')];
    if (!init) throw new Error(`paramLayout: no initialisation for ${name}`);
    specs.push({ name, shape, offset, size, init, decay: shape.length > 1 });
    offset += align(size);
    count += size;
  }
  return { specs, byName: new Map(specs.map((s) => [s.name, s])), total: offset, count };
}

export function countParams(c: GptConfig): number {
  return paramLayout(c).count;
}
