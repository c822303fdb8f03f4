// Where the weights go in the kernels' memory, and how they get there without a copy of weights.bin: the file
// is read a small chunk at a time into a scratch area of the same memory — base64 decoded there, its sha256
// computed there, by the kernels — and every value is put straight to its place (the matrices into the
// kernel's panels, kernels.ts; the rest as in the file), all float16.
import type { Architecture, TensorEntry } from '@greenhouse/agent-format';
import { BASE64_VALUES, decodeBase64Part, decodedLength, type Base64Span } from './base64.js';
import { FloraError } from './errors.js';
import { PANEL, type Kernels } from './kernels/kernels.js';
import { Sha256, SHA256_K } from './sha256.js';

/** Matrix widths and activation row strides: whole panels. */
export const ceilP = (n: number) => Math.ceil(n / PANEL) * PANEL;

/**
 * weights.bin as the agent file holds it — base64 (characters of the file's text or bytes) and its checksum —
 * or as bytes (then unchecked: the caller has them already).
 */
export type WeightsSource =
  { byteLength: number; base64: Base64Span; checksum: string } | { byteLength: number; bytes: Uint8Array };

export interface Place {
  name: string;
  /** Where weights.bin has it and where the model keeps it (bytes). */
  file: number;
  at: number;
  size: number;
  rows: number;
  cols: number;
  /** plain: as in the file; panels: [rows, cols] in panels; transposed: [rows, cols] stored, [cols, rows] kept, in panels. */
  form: 'plain' | 'panels' | 'transposed';
}

const FORMS = { plain: 0, panels: 1, transposed: 2 } as const;

/** Where each tensor goes: one after the other, 16-aligned, each with room for its padded panels. */
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
    const at = Math.ceil(top / 16) * 16;
    list.push({ name: t.name, file: t.offset, at, size, rows, cols, form });
    top = at + 2 * room;
  }
  return { list, byName: new Map(list.map((p) => [p.name, p])), end: top };
}

/** Bytes of the SHA-256 state (8 words), constants (64) and schedule (64) in the kernels' memory at `at`. */
const HASH_BYTES = 4 * (8 + 64 + 64);

/**
 * A SHA-256 whose state lives in the kernels' memory at `at` (HASH_BYTES), compressing bytes that are in that
 * memory with the kernels' `sha256`.
 */
export function kernelSha256(kernels: Kernels, at: number): Sha256 {
  const buffer = kernels.u16.buffer;
  new Int32Array(buffer, at + 32, 64).set(SHA256_K);
  return new Sha256(new Int32Array(buffer, at, 8), (b, from, to) => {
    if (b.buffer !== buffer) return false;
    kernels.sha256(at, at + 32, at + 288, b.byteOffset + from, (to - from) >> 6);
    return true;
  });
}

/** weights.bin is read at most this many bytes at a time: whole base64 groups (3), halves (2), SHA-256 blocks (64). */
const CHUNK_BYTES = 256 * 192;

/** The least scratch `loadWeights` works in: the base64 table, the hash, one chunk of 192 bytes as base64. */
export const LOAD_SCRATCH = 256 + HASH_BYTES + 256;

const utf8 = new TextEncoder();

/**
 * Reads weights.bin into the places (the tensors in file order, packed, as the tensor table was checked to
 * be) in the kernels' fresh, zeroed memory — panel padding stays 0 — a chunk at a time in `scratch` (a byte
 * range of the same memory that nothing uses yet, ≥ LOAD_SCRATCH bytes: the activations). FloraError
 * `damaged` (not base64, or Infinity/NaN values — after the checksum, so that a damaged file is reported as
 * such) or `checksum_mismatch`.
 */
export function loadWeights(
  kernels: Kernels,
  places: readonly Place[],
  source: WeightsSource,
  scratch: { at: number; bytes: number },
): void {
  const length = source.byteLength;
  const needed = 2 * places.reduce((n, p) => n + p.size, 0);
  if (length !== needed)
    throw new FloraError(
      'damaged',
      `agent file: weights.bin has ${length} bytes, the tensors need ${needed}`,
    );
  const u8 = new Uint8Array(kernels.u16.buffer);
  // Scratch: the base64 table, the hash, then the chunk (as base64, decoded in place).
  const table = scratch.at;
  u8.set(new Uint8Array(BASE64_VALUES.buffer), table);
  const hash = kernelSha256(kernels, table + 256);
  const chunkAt = table + 256 + HASH_BYTES;
  const size = Math.min(CHUNK_BYTES, Math.floor((scratch.at + scratch.bytes - chunkAt) / 256) * 192);
  if (size < 192) throw new RangeError('loadWeights: the scratch is too small');

  let t = 0; // the tensor of the next value, and the value's index in it
  let k = 0;
  let bad = 0;
  for (let at = 0; at < length; at += size) {
    const n = Math.min(size, length - at);
    if ('bytes' in source) u8.set(source.bytes.subarray(at, at + n), chunkAt);
    else if (!readBase64(kernels, u8, source.base64, at, n, chunkAt, table))
      throw new FloraError('damaged', 'agent file: weights.bin is not valid base64');
    hash.update(u8.subarray(chunkAt, chunkAt + n));
    // The chunk's values to their places, a tensor's run at a time.
    for (let i = 0; i < n >> 1;) {
      const p = places[t]!;
      const run = Math.min(p.size - k, (n >> 1) - i);
      const r = Math.floor(k / p.cols);
      bad |= kernels.put(chunkAt + 2 * i, run, p.at, FORMS[p.form], p.rows, p.cols, r, k - r * p.cols);
      i += run;
      k += run;
      if (k === p.size) {
        k = 0;
        t++;
      }
    }
  }
  if ('checksum' in source && source.checksum !== `sha256:${hash.hex()}`)
    throw new FloraError(
      'checksum_mismatch',
      'agent file: weights.bin is damaged (its sha256 does not match the manifest)',
    );
  if (bad) throw new FloraError('damaged', 'agent file: weights.bin holds Infinity or NaN');
}

/**
 * Bytes at…at + n of base64 `span` into the kernels' memory at `to`: its characters copied there and decoded
 * in place by the kernels; the last group of the span (maybe padded) by base64.ts. False when not base64.
 */
function readBase64(
  kernels: Kernels,
  u8: Uint8Array,
  span: Base64Span,
  at: number,
  n: number,
  to: number,
  table: number,
): boolean {
  const groupsInSpan = (span.end - span.start) / 4;
  const final = at + n === decodedLength(span); // this part ends with the span's last group
  const groups = final ? groupsInSpan - 1 - at / 3 : n / 3;
  const from = span.start + (at / 3) * 4;
  const chars = 4 * groups;
  const { source } = span;
  if (typeof source === 'string') {
    // ASCII only: any other character takes more than one UTF-8 byte, and fills the room before its end.
    const done = utf8.encodeInto(source.slice(from, from + chars), u8.subarray(to, to + chars));
    if (done.read !== chars || done.written !== chars) return false;
  } else u8.set(source.subarray(from, from + chars), to);
  if (!kernels.base64(to, chars, table)) return false;
  return !final || decodeBase64Part(span, at + 3 * groups, u8.subarray(to + 3 * groups, to + n));
}
