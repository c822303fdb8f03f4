// The added tokens of a protocol's tokenizer: the control tokens, every protocol token key and every
// number-slot string, each kept whole (one id, never merged).
import { BOS, EOS, NON, numberSlot, PAD, RUN, UNK, type Protocol } from '@greenhouse/mtp';
import type { AddedToken } from './bpe.js';

/** Control tokens in id order: <PAD> is 0. */
export const CONTROL_TOKENS = [PAD, BOS, RUN, EOS, UNK, NON] as const;

export function protocolAddedTokens(protocol: Protocol): AddedToken[] {
  const control = new Set<string>(CONTROL_TOKENS);
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const tokens = Object.values(protocol.tokens);
  const keys = [...new Set(tokens.map((t) => t.key))].filter((k) => !control.has(k)).sort(byCodePoint);
  const slots = [...new Set(tokens.map(numberSlot).filter((s) => s !== ''))].sort(byCodePoint);
  return [
    ...CONTROL_TOKENS.map((content) => ({ content, special: true })),
    ...keys.map((content) => ({ content, special: false })),
    ...slots.filter((s) => !keys.includes(s)).map((content) => ({ content, special: false })),
  ];
}
