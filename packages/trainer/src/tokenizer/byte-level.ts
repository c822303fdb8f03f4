// GPT-2's byte-level alphabet, as in Hugging Face tokenizers' ByteLevel pre-tokenizer and decoder: every
// byte 0..255 is shown as one printable Unicode character (printable Latin-1 bytes as themselves, the
// others as U+0100 + n in byte order; the space 0x20 becomes 'Ġ'). A BPE vocabulary over these characters
// covers any UTF-8 text with no unknown token.

function buildTables(): { byteToChar: string[]; charToByte: Map<string, number> } {
  const keep: number[] = [];
  for (let b = 0x21; b <= 0x7e; b++) keep.push(b);
  for (let b = 0xa1; b <= 0xac; b++) keep.push(b);
  for (let b = 0xae; b <= 0xff; b++) keep.push(b);
  const byteToChar: string[] = new Array<string>(256);
  const kept = new Set(keep);
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    byteToChar[b] = String.fromCharCode(kept.has(b) ? b : 256 + extra++);
  }
  const charToByte = new Map<string, number>();
  byteToChar.forEach((c, b) => charToByte.set(c, b));
  return { byteToChar, charToByte };
}

const { byteToChar, charToByte } = buildTables();

/** The 256 byte symbols, in byte order. */
export const BYTE_SYMBOLS: readonly string[] = byteToChar;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

/** UTF-8 bytes of `text` as byte-level symbols (one character per byte). */
export function toByteSymbols(text: string): string {
  let out = '';
  for (const b of encoder.encode(text)) out += byteToChar[b];
  return out;
}

/** The text of a run of byte-level symbols (invalid UTF-8 becomes U+FFFD, as in the HF decoder). */
export function fromByteSymbols(symbols: string): string {
  const bytes = new Uint8Array(symbols.length);
  for (let i = 0; i < symbols.length; i++) {
    const b = charToByte.get(symbols[i]!);
    if (b === undefined) throw new Error(`not a byte-level symbol: ${JSON.stringify(symbols[i])}`);
    bytes[i] = b;
  }
  return decoder.decode(bytes);
}

// The pre-tokenizer: Sequence[Digits(individual_digits), ByteLevel(use_regex)] in tokenizer.json terms.
// Digits first isolates every digit (so numbers are read digit by digit and never merged into one
// token: the model can generalise over values), then GPT-2's word regex splits the rest.
const DIGIT_RE = /^[0-9]$/; // HF Digits: ASCII digits
const GPT2_RE = /'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+/gu;

/** Splits plain text (no added tokens inside) into the pieces BPE merges within. */
export function preTokenize(text: string): string[] {
  const pieces: string[] = [];
  const chars = Array.from(text);
  let run = '';
  const flush = () => {
    if (run) for (const m of run.matchAll(GPT2_RE)) pieces.push(m[0]);
    run = '';
  };
  for (const c of chars) {
    if (DIGIT_RE.test(c)) {
      flush();
      pieces.push(c);
    } else run += c;
  }
  flush();
  return pieces;
}
