// Where the weights go in the kernels' memory, and how they get there without a second copy: weights.bin is
// decoded straight into the memory at offset 0, checked there, then every tensor is moved to its place — the
// matrices rearranged into the kernel's panels (kernels.ts) — from the last to the first.
import type { Architecture, TensorEntry } from './agent-file.js';
import { FloraError } from './errors.js';
import { PANEL, panelIndex, type Kernels } from './kernels/kernels.js';

/** Matrix widths and activation row strides: whole panels. */
export const ceilP = (n: number) => Math.ceil(n / PANEL) * PANEL;

/** weights.bin, written into memory by the model (from base64 or bytes), then checked. */
export interface WeightsSource {
  byteLength: number;
  /** Writes weights.bin into `target` (byteLength bytes); false when the stored data is not valid. */
  writeInto(target: Uint8Array): boolean;
  /** Checks the written bytes (sha256); throws FloraError. */
  verify(bytes: Uint8Array<ArrayBuffer>): Promise<void>;
}

export interface Place {
  name: string;
  /** Where weights.bin has it (bytes) and where the model keeps it. */
  file: number;
  at: number;
  size: number;
  rows: number;
  cols: number;
  /** plain: as in the file; panels: [rows, cols] in panels; transposed: [rows, cols] stored, [cols, rows] kept, in panels. */
  form: 'plain' | 'panels' | 'transposed';
}

/**
 * Where each tensor goes: in the file's order, each at or after its offset in weights.bin (so weights.bin can
 * be written at 0 and every tensor moved to its place from the last to the first without overwriting one not
 * yet moved), with room for its padded panels.
 */
export function planWeights(arch: Architecture, tensors: readonly TensorEntry[]) {
  const list: Place[] = [];
  let top = 0;
  for (const t of tensors) {
    const size = t.shape.reduce((a, b) => a * b, 1);
    const [rows = 1, cols = size] = t.shape.length === 2 ? t.shape : [1, size];
    const matrix = /\.(attn\.wqkv|attn\.wo|mlp\.w1|mlp\.w2)$/.test(t.name) || t.name === 'head';
    const form: Place['form'] = matrix
      ? 'panels'
      : t.name === 'wte' && arch.tieEmbeddings
        ? 'transposed'
        : 'plain';
    const room = form === 'panels' ? rows * ceilP(cols) : form === 'transposed' ? cols * ceilP(rows) : size;
    const at = Math.ceil(Math.max(top, t.offset) / 16) * 16;
    list.push({ name: t.name, file: t.offset, at, size, rows, cols, form });
    top = at + 2 * Math.max(room, size);
  }
  return { list, byName: new Map(list.map((p) => [p.name, p])), end: top };
}

export function writeWeights(kernels: Kernels, source: WeightsSource): void {
  if (!source.writeInto(new Uint8Array(kernels.u16.buffer, 0, source.byteLength)))
    throw new FloraError('damaged', 'agent file: weights.bin is not valid base64');
}

/** Moves every tensor from its offset in weights.bin to its place, last first, rearranging matrices into panels. */
export function moveWeights(kernels: Kernels, places: readonly Place[]): void {
  const u16 = kernels.u16;
  for (let k = places.length - 1; k >= 0; k--) {
    const p = places[k]!;
    const from = p.file >> 1;
    const to = p.at >> 1;
    if (p.form === 'plain') {
      u16.copyWithin(to, from, from + p.size);
      continue;
    }
    const m = u16.slice(from, from + p.size); // one matrix: at most a few hundred KB
    if (p.form === 'panels') {
      u16.fill(0, to, to + p.rows * ceilP(p.cols));
      for (let r = 0; r < p.rows; r++)
        for (let c = 0; c < p.cols; c++) u16[to + panelIndex(r, c, p.rows)] = m[r * p.cols + c]!;
    } else {
      u16.fill(0, to, to + p.cols * ceilP(p.rows));
      for (let r = 0; r < p.rows; r++)
        for (let c = 0; c < p.cols; c++) u16[to + panelIndex(c, r, p.cols)] = m[r * p.cols + c]!;
    }
  }
}
