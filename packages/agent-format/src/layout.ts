// The parameter order (README.md, "Weights"): every tensor of the model, by name and shape, in the one order
// weights.bin stores them — the trainer's flat training buffer keeps the same order (with padding), and a
// reader checks the manifest's tensor table against `tensorTable` of the architecture.
import type { ModelShape, TensorEntry } from './format.js';

/** Bytes per stored value (float16). */
export const BYTES_PER_VALUE = 2;

export interface TensorShape {
  name: string;
  shape: number[];
}

/**
 * Every tensor of a model in weights.bin's order: `wte [V,d]`, `wpe [T,d]`, per layer l `h{l}.ln1.g/b [d]`,
 * `attn.wqkv [d,3d]`, `attn.bqkv [3d]`, `attn.wo [d,d]`, `attn.bo [d]`, `ln2.g/b [d]`, `mlp.w1 [d,f]`,
 * `mlp.b1 [f]`, `mlp.w2 [f,d]`, `mlp.b2 [d]`, then `lnf.g/b [d]`, and `head [d,V]` when not tied.
 */
export function tensorShapes(m: ModelShape): TensorShape[] {
  const { vocabSize: V, contextLength: T, dModel: d, dFF: f } = m;
  const out: TensorShape[] = [];
  const add = (name: string, shape: number[]) => out.push({ name, shape });
  add('wte', [V, d]);
  add('wpe', [T, d]);
  for (let l = 0; l < m.nLayers; l++) {
    add(`h${l}.ln1.g`, [d]);
    add(`h${l}.ln1.b`, [d]);
    add(`h${l}.attn.wqkv`, [d, 3 * d]);
    add(`h${l}.attn.bqkv`, [3 * d]);
    add(`h${l}.attn.wo`, [d, d]);
    add(`h${l}.attn.bo`, [d]);
    add(`h${l}.ln2.g`, [d]);
    add(`h${l}.ln2.b`, [d]);
    add(`h${l}.mlp.w1`, [d, f]);
    add(`h${l}.mlp.b1`, [f]);
    add(`h${l}.mlp.w2`, [f, d]);
    add(`h${l}.mlp.b2`, [d]);
  }
  add('lnf.g', [d]);
  add('lnf.b', [d]);
  if (!m.tieEmbeddings) add('head', [d, V]);
  return out;
}

/** Values in a tensor of this shape. */
export const valueCount = (shape: readonly number[]): number => shape.reduce((a, b) => a * b, 1);

/** The tensor table of a model: `tensorShapes`' order, packed without padding, 2 bytes per value. */
export function tensorTable(m: ModelShape): TensorEntry[] {
  let offset = 0;
  return tensorShapes(m).map(({ name, shape }) => {
    const entry = { name, shape, offset };
    offset += BYTES_PER_VALUE * valueCount(shape);
    return entry;
  });
}
