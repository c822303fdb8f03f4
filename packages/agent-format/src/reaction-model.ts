// The reaction model of a version-2 agent file (README.md, "Reactions"): per instruction, a linear classifier
// over the request's features (reaction-features.ts) and, for English agents, over the words' vectors, that
// chooses the reaction before the language model writes the line, and a refusal detector of the same kind.
// Its binary form (`reactions.bin`), and the scoring every reader does in the same order with the same IEEE
// double operations, so Flora-JS, the browser and Flora native choose the same reaction for the same request.
import {
  featureHash,
  lineWords,
  requestHashes,
  type FeatureLine,
  type SlotRange,
} from './reaction-features.js';

/** reactions.bin's first bytes and version. */
export const REACTIONS_MAGIC = 'GHRM';
export const REACTIONS_VERSION = 1;

/** The vocabulary of word vectors the model's word scores are for (shared by every instruction). */
export interface WordTable {
  /** FNV-1a hashes of the words (reaction-features.ts `featureHash` of the bare word), strictly ascending. */
  hashes: Uint32Array;
  /** Each word's weight in the mean: its vector's length (float16 values, as stored). */
  norms: Float32Array;
}

/**
 * A linear head: per output, a bias, weights for the request's features and, for lines with word scores, a
 * score per word of the word table. The classes head has one output per class; the refusal detector one (its
 * score is the logit of "off topic").
 */
export interface LinearHead {
  /** Per output. */
  bias: Float32Array;
  /** Feature hashes, strictly ascending. */
  features: Uint32Array;
  /** Per feature: its weight in the request's vector before the vector is scaled to length 1. */
  idf: Float32Array;
  /** Per feature and output, row-major [feature][output]. */
  weights: Float32Array;
  /** Input lines whose words also score through the word table: per word and output, row-major. */
  wordScores: { line: number; scores: Float32Array }[];
}

/**
 * One instruction's model: which reaction, whether to refuse (when it has a guardrail), and each reaction's
 * lines — the responses its examples give, of which the language model writes one (README.md, "Answers").
 */
export interface InstructionReactions {
  name: string;
  /** Per class: the index of its reaction in the instruction's reactions (template order). */
  reactions: Uint32Array;
  classes: LinearHead;
  /** Per class: its reaction's lines (at least one). */
  lines: string[][];
  /** The refusal: its reaction's index, the detector, the bias added to the detector's score, and its lines. */
  refusal: { reaction: number; bias: number; detector: LinearHead; lines: string[] } | null;
}

export interface ReactionModel {
  words: WordTable | null;
  instructions: InstructionReactions[];
}

/** The model's choice for a request. */
export interface ReactionChoiceResult {
  /** The index of the reaction in the instruction's reactions. */
  reaction: number;
  refused: boolean;
  /** Per class, the score (a logit). */
  scores: Float64Array;
  /** The detector's score plus the refusal bias (refused when above 0), or null without a refusal. */
  offTopic: number | null;
}

/** The index of `key` in an ascending array, or -1. */
function find(sorted: Uint32Array, key: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v === key) return mid;
    if (v < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * A head's outputs for a request, in IEEE doubles, summed in this order:
 *   1. the request's distinct feature hashes ascending (`hashes`); those in the head give x_j = idf_j;
 *   2. n = √(Σ x_j²) (ascending order); out_k = bias_k, then += (x_j / n) · w_jk, ascending;
 *   3. for each line with word scores (in the head's order): over the line's words in order (repeats
 *      counted), those in the word table: s_k += score_wk, c += norm_w; when c > 0, out_k += s_k / c.
 */
export function headScores(
  words: WordTable | null,
  head: LinearHead,
  hashes: Uint32Array,
  lineWordLists: readonly (readonly string[])[],
): Float64Array {
  const K = head.bias.length;
  const out = new Float64Array(K);
  for (let k = 0; k < K; k++) out[k] = head.bias[k]!;
  const found: number[] = [];
  for (const h of hashes) {
    const j = find(head.features, h);
    if (j >= 0) found.push(j);
  }
  let sum = 0;
  for (const j of found) sum += head.idf[j]! * head.idf[j]!;
  const norm = Math.sqrt(sum);
  if (norm > 0)
    for (const j of found) {
      const x = head.idf[j]! / norm;
      for (let k = 0; k < K; k++) out[k] = out[k]! + x * head.weights[j * K + k]!;
    }
  if (words)
    for (const { line, scores } of head.wordScores) {
      const s = new Float64Array(K);
      let c = 0;
      for (const w of lineWordLists[line] ?? []) {
        const i = find(words.hashes, featureHash(w));
        if (i < 0) continue;
        for (let k = 0; k < K; k++) s[k] = s[k]! + scores[i * K + k]!;
        c += words.norms[i]!;
      }
      if (c > 0) for (let k = 0; k < K; k++) out[k] = out[k]! + s[k]! / c;
    }
  return out;
}

/**
 * The reaction for a request: the refusal when the detector's score plus the refusal bias is above 0;
 * otherwise the class with the highest score (the lowest class index of equals).
 */
export function chooseReaction(
  model: ReactionModel,
  instruction: InstructionReactions,
  lines: readonly FeatureLine[],
  slots: readonly (readonly SlotRange[])[],
): ReactionChoiceResult {
  const hashes = requestHashes(lines, slots);
  const wordLists = lines.map((l) => lineWords(l.text));
  const scores = headScores(model.words, instruction.classes, hashes, wordLists);
  let best = 0;
  for (let k = 1; k < scores.length; k++) if (scores[k]! > scores[best]!) best = k;
  const r = instruction.refusal;
  const offTopic = r ? headScores(model.words, r.detector, hashes, wordLists)[0]! + r.bias : null;
  const refused = offTopic !== null && offTopic > 0;
  return { reaction: refused ? r!.reaction : instruction.reactions[best]!, refused, scores, offTopic };
}

// ---- reactions.bin ----------------------------------------------------------------------------------------
// Little-endian; arrays of 4-byte values start at offsets that are multiples of 4 (strings are padded).
//   "GHRM", u32 version (1), u32 flags (bit 0: a word table follows)
//   [word table] u32 N, N × u32 hash, N × f16 norm, padded to 4
//   u32 instructions; per instruction:
//     u32 n, n bytes UTF-8 name, padded to 4
//     u32 K, K × u32 reaction index, the classes head (K outputs), K × lines
//     i32 refusal reaction (-1: none); if ≥ 0: f32 refusal bias, the detector head (1 output), lines
//   lines: u32 count, per line: u32 n, n bytes UTF-8, padded to 4
//   a head of O outputs: O × f32 bias, u32 F, F × u32 hash, F × f32 idf, F × O f16 weights, padded to 4,
//     u32 E, per line: u32 line index, N × O f16 word scores, padded to 4

/** binary16 → number (exact). */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** number → binary16, round to nearest even (overflow → ±Infinity). */
export function floatToHalf(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exponent = (x >>> 23) & 0xff;
  const mantissa = x & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    const m = mantissa | 0x800000;
    const shift = 14 - e;
    const half = m >>> shift;
    const rest = m & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    return sign | (rest > mid || (rest === mid && half & 1) ? half + 1 : half);
  }
  const half = (e << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  return sign | (rest > 0x1000 || (rest === 0x1000 && half & 1) ? half + 1 : half);
}

class Writer {
  private bytes = new Uint8Array(1 << 16);
  private view = new DataView(this.bytes.buffer);
  length = 0;
  private room(n: number) {
    if (this.length + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }
  u32(v: number) {
    this.room(4);
    this.view.setUint32(this.length, v, true);
    this.length += 4;
  }
  i32(v: number) {
    this.room(4);
    this.view.setInt32(this.length, v, true);
    this.length += 4;
  }
  f32(v: number) {
    this.room(4);
    this.view.setFloat32(this.length, v, true);
    this.length += 4;
  }
  f16(v: number) {
    this.room(2);
    this.view.setUint16(this.length, floatToHalf(v), true);
    this.length += 2;
  }
  raw(b: Uint8Array) {
    this.room(b.length);
    this.bytes.set(b, this.length);
    this.length += b.length;
  }
  pad() {
    while (this.length % 4) this.raw(new Uint8Array(1));
  }
  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

function utf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Uint8Array.from(bytes);
}

/** Strict UTF-8 → string (an instruction name); null when the bytes are not UTF-8. */
function fromUtf8(bytes: Uint8Array): string | null {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    const n =
      b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (n === 0 || i + n > bytes.length) return null;
    let c = n === 1 ? b : b & (0x7f >> n);
    for (let k = 1; k < n; k++) {
      const next = bytes[i + k]!;
      if ((next & 0xc0) !== 0x80) return null;
      c = (c << 6) | (next & 0x3f);
    }
    const min = [0, 0, 0x80, 0x800, 0x10000][n]!;
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return null;
    out += String.fromCodePoint(c);
    i += n;
  }
  return out;
}

/** reactions.bin of a model (its f16 values rounded on the way: decode gives what readers score with). */
export function encodeReactionModel(model: ReactionModel): Uint8Array {
  const w = new Writer();
  w.raw(utf8(REACTIONS_MAGIC));
  w.u32(REACTIONS_VERSION);
  w.u32(model.words ? 1 : 0);
  const N = model.words?.hashes.length ?? 0;
  if (model.words) {
    w.u32(N);
    for (const h of model.words.hashes) w.u32(h);
    for (const n of model.words.norms) w.f16(n);
    w.pad();
  }
  const head = (h: LinearHead) => {
    const O = h.bias.length;
    for (const b of h.bias) w.f32(b);
    w.u32(h.features.length);
    for (const x of h.features) w.u32(x);
    for (const v of h.idf) w.f32(v);
    if (h.weights.length !== h.features.length * O)
      throw new Error("a head's weights do not match its features");
    for (const v of h.weights) w.f16(v);
    w.pad();
    const lines = model.words ? h.wordScores : [];
    w.u32(lines.length);
    for (const { line, scores } of lines) {
      if (scores.length !== N * O)
        throw new Error(`word scores of line ${line}: ${scores.length} values, expected ${N * O}`);
      w.u32(line);
      for (const v of scores) w.f16(v);
      w.pad();
    }
  };
  const lines = (list: readonly string[], what: string) => {
    if (list.length === 0) throw new Error(`${what} has no lines`);
    w.u32(list.length);
    for (const line of list) {
      const bytes = utf8(line);
      w.u32(bytes.length);
      w.raw(bytes);
      w.pad();
    }
  };
  w.u32(model.instructions.length);
  for (const ins of model.instructions) {
    const name = utf8(ins.name);
    w.u32(name.length);
    w.raw(name);
    w.pad();
    w.u32(ins.reactions.length);
    for (const r of ins.reactions) w.u32(r);
    if (ins.classes.bias.length !== ins.reactions.length)
      throw new Error('the classes head has another number of outputs than classes');
    head(ins.classes);
    if (ins.lines.length !== ins.reactions.length) throw new Error('the lines are not one list per class');
    ins.lines.forEach((list, k) => lines(list, `class ${k} of ${ins.name}`));
    w.i32(ins.refusal ? ins.refusal.reaction : -1);
    if (ins.refusal) {
      if (ins.refusal.detector.bias.length !== 1) throw new Error('the refusal detector has one output');
      w.f32(ins.refusal.bias);
      head(ins.refusal.detector);
      lines(ins.refusal.lines, `the refusal of ${ins.name}`);
    }
  }
  return w.done();
}

/** Reads reactions.bin; throws an Error saying what is wrong when it is not one (a reader wraps it). */
export function decodeReactionModel(bytes: Uint8Array): ReactionModel {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`reactions.bin: ${why}`);
  };
  const need = (n: number) => {
    if (at + n > bytes.length) fail(`ends early (at byte ${at}, ${n} more wanted)`);
  };
  const u32 = () => (need(4), (at += 4), view.getUint32(at - 4, true));
  const i32 = () => (need(4), (at += 4), view.getInt32(at - 4, true));
  const f32 = () => (need(4), (at += 4), view.getFloat32(at - 4, true));
  const f16s = (n: number) => {
    need(2 * n);
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = halfToFloat(view.getUint16(at + 2 * i, true));
    at += 2 * n;
    return out;
  };
  const u32s = (n: number) => {
    need(4 * n);
    const out = new Uint32Array(n);
    for (let i = 0; i < n; i++) out[i] = view.getUint32(at + 4 * i, true);
    at += 4 * n;
    return out;
  };
  const f32s = (n: number) => {
    need(4 * n);
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = view.getFloat32(at + 4 * i, true);
    at += 4 * n;
    return out;
  };
  const pad = () => {
    at = (at + 3) & ~3;
  };
  const ascending = (a: Uint32Array, what: string) => {
    for (let i = 1; i < a.length; i++) if (!(a[i]! > a[i - 1]!)) fail(`${what} are not strictly ascending`);
  };
  need(12);
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== REACTIONS_MAGIC) fail('not a reaction model');
  at = 4;
  const version = u32();
  if (version !== REACTIONS_VERSION) fail(`version ${version}, this reader reads ${REACTIONS_VERSION}`);
  const flags = u32();
  let words: WordTable | null = null;
  if (flags & 1) {
    const N = u32();
    const hashes = u32s(N);
    ascending(hashes, 'the word hashes');
    words = { hashes, norms: f16s(N) };
    pad();
  }
  const N = words?.hashes.length ?? 0;
  const head = (O: number, what: string): LinearHead => {
    const bias = f32s(O);
    const F = u32();
    const features = u32s(F);
    ascending(features, `${what}'s feature hashes`);
    const idf = f32s(F);
    const weights = f16s(F * O);
    pad();
    const E = u32();
    if (E > 0 && !words) fail(`${what} has word scores but the model has no word table`);
    const wordScores: LinearHead['wordScores'] = [];
    for (let e = 0; e < E; e++) {
      const line = u32();
      wordScores.push({ line, scores: f16s(N * O) });
      pad();
    }
    return { bias, features, idf, weights, wordScores };
  };
  const lines = (what: string): string[] => {
    const n = u32();
    if (n === 0) fail(`${what} has no lines`);
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const length = u32();
      need(length);
      out.push(fromUtf8(bytes.subarray(at, at + length)) ?? fail(`a line of ${what} is not UTF-8`));
      at += length;
      pad();
    }
    return out;
  };
  const count = u32();
  const instructions: InstructionReactions[] = [];
  for (let n = 0; n < count; n++) {
    const nameLength = u32();
    need(nameLength);
    const name =
      fromUtf8(bytes.subarray(at, at + nameLength)) ?? fail(`instruction ${n}'s name is not UTF-8`);
    at += nameLength;
    pad();
    const K = u32();
    if (K === 0) fail(`instruction ${name} has no classes`);
    const reactions = u32s(K);
    const classes = head(K, `instruction ${name}`);
    const classLines = Array.from({ length: K }, (_, k) => lines(`class ${k} of instruction ${name}`));
    const refusalReaction = i32();
    if (refusalReaction < -1) fail(`instruction ${name}: refusal reaction ${refusalReaction}`);
    const refusal =
      refusalReaction < 0
        ? null
        : {
            reaction: refusalReaction,
            bias: f32(),
            detector: head(1, `instruction ${name}'s detector`),
            lines: lines(`the refusal of instruction ${name}`),
          };
    instructions.push({ name, reactions, classes, lines: classLines, refusal });
  }
  if (at !== bytes.length) fail(`${bytes.length - at} bytes after the model`);
  return { words, instructions };
}
