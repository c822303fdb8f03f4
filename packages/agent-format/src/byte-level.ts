// The byte-level BPE of tokenizer.json (README.md, "Tokenizer"), as both tokenizers apply it: GPT-2's
// byte ↔ symbol alphabet, the pre-tokenizer Sequence[Digits(individual_digits), ByteLevel(use_regex)], and
// merging by rank. What the trainer trains and what Flora encodes are the same ids because both use these.

/**
 * GPT-2's byte-level alphabet (Hugging Face ByteLevel): every byte 0..255 is one printable character —
 * printable Latin-1 bytes (0x21–0x7E, 0xA1–0xAC, 0xAE–0xFF) stand for themselves, the others are U+0100 + n
 * in byte order (the space 0x20 is 'Ġ', the line feed 'Ċ'). A vocabulary over these covers any UTF-8 text.
 */
function byteAlphabet(): string[] {
  const kept = new Set<number>();
  for (let b = 0x21; b <= 0x7e; b++) kept.add(b);
  for (let b = 0xa1; b <= 0xac; b++) kept.add(b);
  for (let b = 0xae; b <= 0xff; b++) kept.add(b);
  const symbols: string[] = [];
  let extra = 0;
  for (let b = 0; b < 256; b++) symbols.push(String.fromCharCode(kept.has(b) ? b : 256 + extra++));
  return symbols;
}

/** The 256 byte symbols, in byte order: `BYTE_SYMBOLS[byte]`. */
export const BYTE_SYMBOLS: readonly string[] = byteAlphabet();

/** Byte of each byte symbol: the inverse of `BYTE_SYMBOLS`. */
export const SYMBOL_BYTES: ReadonlyMap<string, number> = new Map(BYTE_SYMBOLS.map((c, b) => [c, b]));

// Digits(individual_digits: true) isolates every ASCII digit (numbers are read digit by digit, never merged);
// then GPT-2's word regex (ByteLevel use_regex) splits the runs between them.
const DIGIT_RE = /^[0-9]$/;
const GPT2_RE = /'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+/gu;

/** Splits plain text (added tokens already cut out) into the pieces BPE merges within. */
export function preTokenize(text: string): string[] {
  const pieces: string[] = [];
  let run = '';
  const flush = () => {
    if (run) for (const m of run.matchAll(GPT2_RE)) pieces.push(m[0]);
    run = '';
  };
  for (const c of text) {
    if (DIGIT_RE.test(c)) {
      flush();
      pieces.push(c);
    } else run += c;
  }
  flush();
  return pieces;
}

/** Key of a merge in `ranks`: its two symbols with one space between (as in tokenizer.json's `merges`). */
export const mergeKey = (left: string, right: string): string => left + ' ' + right;

/**
 * BPE on one piece's byte symbols: while any adjacent pair is a merge, take the pair of lowest rank (a merge's
 * index in `merges`) and join all its occurrences, left to right. Returns the final symbols (tokens).
 */
export function mergeSymbols(symbols: readonly string[], ranks: ReadonlyMap<string, number>): string[] {
  let current = [...symbols];
  for (;;) {
    let bestRank = Infinity;
    let bestAt = -1;
    for (let k = 0; k + 1 < current.length; k++) {
      const rank = ranks.get(mergeKey(current[k]!, current[k + 1]!));
      if (rank !== undefined && rank < bestRank) {
        bestRank = rank;
        bestAt = k;
      }
    }
    if (bestAt < 0) return current;
    const left = current[bestAt]!;
    const right = current[bestAt + 1]!;
    const out: string[] = [];
    for (let k = 0; k < current.length; k++) {
      if (k + 1 < current.length && current[k] === left && current[k + 1] === right) {
        out.push(left + right);
        k++;
      } else out.push(current[k]!);
    }
    current = out;
  }
}
