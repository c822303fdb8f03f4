// What the reaction model reads of a request (README.md, "Reactions"): the words of each input line, their
// bigrams and character n-grams, the numbers of the line's slots in buckets of their range, each as a string
// named after its input line and hashed (FNV-1a, 32 bits, over its UTF-8 bytes). Flora-JS and Flora native
// (its C twin) compute the same hashes from the same text; the trainer learns weights for them.
//
// Written by hand: the rules must be exactly the C library's, code point by code point, and no text library
// keeps to such a small, fixed definition (per code point lowercase, \p{L}/\p{N} runs).

/** Character n-grams of these lengths, in code points, over the line's words joined by spaces and padded. */
export const CHAR_GRAMS = { min: 3, max: 5 } as const;
/** A number slot's range is cut into this many buckets. */
export const NUMBER_BUCKETS = 8;

const WORD_CHAR = /[\p{L}\p{N}]/u;
const lowerCache = new Map<number, number>();
const wordCache = new Map<number, boolean>();

/**
 * The code point's lowercase when it is one code point (the JavaScript engine's Unicode data; a code point
 * whose lowercase is longer, such as U+0130, stays as it is). Flora native's table is generated from the same
 * function at build time.
 */
export function lowerCodePoint(c: number): number {
  if (c < 0x80) return c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
  let l = lowerCache.get(c);
  if (l === undefined) {
    const lower = String.fromCodePoint(c).toLowerCase();
    const first = lower.codePointAt(0)!;
    l = lower.length === String.fromCodePoint(first).length ? first : c;
    lowerCache.set(c, l);
  }
  return l;
}

/** Whether a code point is a letter or a digit of any script (\p{L} or \p{N}). */
export function isWordCodePoint(c: number): boolean {
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  let w = wordCache.get(c);
  if (w === undefined) wordCache.set(c, (w = WORD_CHAR.test(String.fromCodePoint(c))));
  return w;
}

/** The words of a line: lowercase runs of letters and digits, in order (repeats kept). */
export function lineWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (isWordCodePoint(c)) word += String.fromCodePoint(lowerCodePoint(c));
    else if (word) {
      words.push(word);
      word = '';
    }
  }
  if (word) words.push(word);
  return words;
}

/** A number slot of an input line: its range (a list's numbers each use the list's). */
export interface SlotRange {
  min: number;
  max: number;
}

/** One input line of a request: its text and the numbers of its slots, flattened in order. */
export interface FeatureLine {
  text: string;
  numbers?: readonly number[];
}

/** The bucket of a number in its slot's range: 0 … NUMBER_BUCKETS-1 (a range of one value: 0). */
export function numberBucket(n: number, range: SlotRange): number {
  if (!(range.max > range.min)) return 0;
  const b = Math.floor((NUMBER_BUCKETS * (n - range.min)) / (range.max - range.min));
  return b < 0 ? 0 : b >= NUMBER_BUCKETS ? NUMBER_BUCKETS - 1 : b;
}

/**
 * Every feature of a request, as strings, in extraction order (duplicates possible; the hashes are what
 * count): per input line l, `l` followed by
 *   `w:` a word,  `b:` two neighbouring words joined by a space,  `c:` a character n-gram of
 *   ` w1 w2 … ` (3–5 code points),  `n<i>:<bucket>` the bucket of the line's i-th number and
 *   `t<i>:<t>` for every t in 1 … bucket (so a linear model can learn "at least").
 * `slots[l]` holds line l's slot ranges, one per number (a list slot repeated `length` times).
 */
export function requestFeatures(
  lines: readonly FeatureLine[],
  slots: readonly (readonly SlotRange[])[],
): string[] {
  const out: string[] = [];
  lines.forEach((line, l) => {
    const words = lineWords(line.text);
    words.forEach((w, i) => {
      out.push(`${l}w:${w}`);
      if (i > 0) out.push(`${l}b:${words[i - 1]} ${w}`);
    });
    if (words.length > 0) {
      const padded = Array.from(` ${words.join(' ')} `);
      for (let n = CHAR_GRAMS.min; n <= CHAR_GRAMS.max; n++)
        for (let i = 0; i + n <= padded.length; i++) out.push(`${l}c:${padded.slice(i, i + n).join('')}`);
    }
    const ranges = slots[l] ?? [];
    (line.numbers ?? []).forEach((n, i) => {
      const range = ranges[i];
      if (!range) return;
      const b = numberBucket(n, range);
      out.push(`${l}n${i}:${b}`);
      for (let t = 1; t <= b; t++) out.push(`${l}t${i}:${t}`);
    });
  });
  return out;
}

/** FNV-1a, 32 bits, of a string's UTF-8 bytes (a lone surrogate as U+FFFD, as UTF-8 encoders write it). */
export function featureHash(text: string): number {
  let h = 0x811c9dc5;
  const byte = (b: number) => {
    h = Math.imul(h ^ b, 0x01000193) >>> 0;
  };
  for (const ch of text) {
    let c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) byte(c);
    else if (c < 0x800) {
      byte(0xc0 | (c >> 6));
      byte(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      byte(0xe0 | (c >> 12));
      byte(0x80 | ((c >> 6) & 0x3f));
      byte(0x80 | (c & 0x3f));
    } else {
      byte(0xf0 | (c >> 18));
      byte(0x80 | ((c >> 12) & 0x3f));
      byte(0x80 | ((c >> 6) & 0x3f));
      byte(0x80 | (c & 0x3f));
    }
  }
  return h >>> 0;
}

/** The request's distinct feature hashes, ascending: the order every reader sums in. */
export function requestHashes(
  lines: readonly FeatureLine[],
  slots: readonly (readonly SlotRange[])[],
): Uint32Array {
  const hashes = Uint32Array.from(new Set(requestFeatures(lines, slots).map(featureHash)));
  return hashes.sort();
}
