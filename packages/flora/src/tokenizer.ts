// The agent's tokenizer, read from its Hugging Face tokenizer.json (byte-level BPE, as the trainer writes it:
// see "Tokenizer" in packages/agent-format/README.md). Dependency-free and the same ids as the trainer's
// Tokenizer.encode (tested on a real agent):
//  1. added tokens are cut out of the text first (leftmost match, longest first) and are one id each, never
//     merged;
//  2. the rest is pre-tokenized as Sequence[Digits(individual_digits), ByteLevel(use_regex)]: every ASCII digit
//     alone, then GPT-2's word regex;
//  3. each piece becomes GPT-2 byte symbols (one printable character per UTF-8 byte) and BPE merges the
//     adjacent pair of lowest rank until none is left.
// The alphabet, the pre-tokenizer and the merging are the agent file's (@greenhouse/agent-format).
import { BYTE_SYMBOLS, mergeKey, mergeSymbols, preTokenize, SYMBOL_BYTES } from '@greenhouse/agent-format';
import { FloraError } from './errors.js';

interface TokenizerFile {
  added_tokens?: { id: number; content: string; special?: boolean }[];
  pre_tokenizer?: unknown;
  model?: { type?: string; vocab?: Record<string, number>; merges?: (string | [string, string])[] };
}

const utf8 = new TextEncoder();

export class Tokenizer {
  /** Id → token (added tokens as their content, the others as byte symbols). */
  readonly tokens: readonly string[];
  private readonly vocab: ReadonlyMap<string, number>;
  private readonly ranks: ReadonlyMap<string, number>;
  private readonly added: ReadonlyMap<string, number>;
  /** Added tokens longest first (ties by code unit order), for leftmost-longest matching. */
  private readonly addedByLength: readonly string[];
  private readonly isAdded: readonly boolean[];
  private readonly cache = new Map<string, number[]>();

  private constructor(
    tokens: string[],
    vocab: Map<string, number>,
    ranks: Map<string, number>,
    added: Map<string, number>,
  ) {
    this.tokens = tokens;
    this.vocab = vocab;
    this.ranks = ranks;
    this.added = added;
    this.addedByLength = [...added.keys()].sort(
      (a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0),
    );
    const isAdded = tokens.map(() => false);
    for (const id of added.values()) isAdded[id] = true;
    this.isAdded = isAdded;
  }

  /** Reads tokenizer.json (text); a FloraError `damaged` when it is not a byte-level BPE we can run. */
  static fromJSON(text: string): Tokenizer {
    const bad = (why: string) => new FloraError('damaged', `agent file: tokenizer.json ${why}`);
    let json: TokenizerFile;
    try {
      json = JSON.parse(text) as TokenizerFile;
    } catch {
      throw bad('is not JSON');
    }
    const model = json?.model;
    if (model?.type !== 'BPE' || typeof model.vocab !== 'object' || !Array.isArray(model.merges))
      throw bad('is not a BPE tokenizer');
    const size = Object.keys(model.vocab).length;
    const tokens = new Array<string>(size);
    const vocab = new Map<string, number>();
    for (const [token, id] of Object.entries(model.vocab)) {
      if (!Number.isInteger(id) || id < 0 || id >= size || tokens[id] !== undefined)
        throw bad(`has a bad id for ${JSON.stringify(token)}`);
      tokens[id] = token;
      vocab.set(token, id);
    }
    const added = new Map<string, number>();
    for (const t of json.added_tokens ?? []) {
      if (typeof t?.content !== 'string' || vocab.get(t.content) !== t.id)
        throw bad(`has an added token outside the vocabulary`);
      added.set(t.content, t.id);
    }
    for (const c of BYTE_SYMBOLS) if (!vocab.has(c)) throw bad('lacks a byte symbol');
    const ranks = new Map<string, number>();
    model.merges.forEach((m, rank) => {
      const [l, r] = typeof m === 'string' ? (m.split(' ') as [string, string?]) : m;
      if (typeof r !== 'string' || !vocab.has(l + r))
        throw bad(`has a merge outside the vocabulary: ${String(m)}`);
      ranks.set(mergeKey(l, r), rank);
    });
    return new Tokenizer(tokens, vocab, ranks, added);
  }

  get size(): number {
    return this.tokens.length;
  }

  /** Whether `id` is an added token (a control token, a protocol key, a number slot). */
  isAddedId(id: number): boolean {
    return this.isAdded[id] === true;
  }

  /** The id of an added token such as '<EOS>', or undefined. */
  addedId(content: string): number | undefined {
    return this.added.get(content);
  }

  encode(text: string): number[] {
    const ids: number[] = [];
    let plain = '';
    const flush = () => {
      if (plain)
        for (const piece of preTokenize(plain)) for (const id of this.encodeWord(piece)) ids.push(id);
      plain = '';
    };
    let i = 0;
    outer: while (i < text.length) {
      for (const a of this.addedByLength) {
        if (text.startsWith(a, i)) {
          flush();
          ids.push(this.added.get(a)!);
          i += a.length;
          continue outer;
        }
      }
      plain += text[i];
      i++;
    }
    flush();
    return ids;
  }

  /** BPE on one pre-tokenized piece (the agent file's rule: @greenhouse/agent-format `mergeSymbols`). */
  private encodeWord(piece: string): number[] {
    const cached = this.cache.get(piece);
    if (cached) return cached;
    const symbols: string[] = [];
    for (const b of utf8.encode(piece)) symbols.push(BYTE_SYMBOLS[b]!);
    const ids = mergeSymbols(symbols, this.ranks).map((s) => this.vocab.get(s)!);
    if (this.cache.size < 50_000) this.cache.set(piece, ids);
    return ids;
  }

  /** The text of `ids` (added tokens as their content; invalid UTF-8 as U+FFFD). */
  decode(ids: readonly number[]): string {
    const d = this.decoder();
    let out = '';
    for (const id of ids) out += d.push(id);
    return out + d.end();
  }

  /**
   * An incremental decoder: `push(id)` returns the text that id completes — a UTF-8 character split across
   * tokens comes out with its last byte — and `end()` whatever is left.
   */
  decoder(): { push(id: number): string; end(): string } {
    const utf8Decoder = new TextDecoder('utf-8');
    return {
      push: (id) => {
        const token = this.tokens[id];
        if (token === undefined) throw new RangeError(`token id out of range: ${id}`);
        if (this.isAdded[id]) return utf8Decoder.decode() + token;
        const bytes = new Uint8Array(token.length);
        for (let k = 0; k < token.length; k++) bytes[k] = SYMBOL_BYTES.get(token[k]!) ?? 0x3f;
        return utf8Decoder.decode(bytes, { stream: true });
      },
      end: () => utf8Decoder.decode(),
    };
  }
}
