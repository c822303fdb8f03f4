// Text ↔ byte-level symbols, on the agent file's alphabet (@greenhouse/agent-format `BYTE_SYMBOLS`: GPT-2's
// byte-to-Unicode table, as in Hugging Face tokenizers' ByteLevel pre-tokenizer and decoder). A BPE
// vocabulary over these characters covers any UTF-8 text with no unknown token.
import { BYTE_SYMBOLS, SYMBOL_BYTES } from '@greenhouse/agent-format';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

/** UTF-8 bytes of `text` as byte-level symbols (one character per byte). */
export function toByteSymbols(text: string): string {
  let out = '';
  for (const b of encoder.encode(text)) out += BYTE_SYMBOLS[b];
  return out;
}

/** The text of a run of byte-level symbols (invalid UTF-8 becomes U+FFFD, as in the HF decoder). */
export function fromByteSymbols(symbols: string): string {
  const bytes = new Uint8Array(symbols.length);
  for (let i = 0; i < symbols.length; i++) {
    const b = SYMBOL_BYTES.get(symbols[i]!);
    if (b === undefined) throw new Error(`not a byte-level symbol: ${JSON.stringify(symbols[i])}`);
    bytes[i] = b;
  }
  return decoder.decode(bytes);
}
