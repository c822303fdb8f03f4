// A byte-level BPE tokenizer of our own: training (deterministic), encoding, decoding, and a
// tokenizer.json in the Hugging Face format (model BPE, pre-tokenizer Sequence[Digits, ByteLevel],
// decoder ByteLevel, added tokens) so an engine can reuse it or a standard library can load it.
//
// Ids: the added tokens first (special tokens, then protocol tokens and number slots, in the order
// given), then the 256 byte symbols in byte order, then one id per merge in merge order, then the
// APPENDED tokens: added tokens of an extension (`extend`: a base model's fixed tokenizer, and one
// agent's protocol tokens after it, so the base's ids stay where its embeddings learned them).
// Added tokens are matched in the text before anything else (leftmost, longest first) and are never
// part of a merge, so every protocol token is exactly one id.
import { BYTE_SYMBOLS, mergeKey, mergeSymbols, preTokenize } from '@greenhouse/agent-format';
import { fromByteSymbols, toByteSymbols } from './byte-level.js';

export interface AddedToken {
  content: string;
  /** Control tokens (<BOS>, <EOS>, …); protocol tokens and number slots are added but not special. */
  special: boolean;
}

export interface BpeTrainOptions {
  /** Largest vocabulary (added tokens + 256 bytes + merges). */
  vocabSize: number;
  /** A pair seen fewer times than this is not merged (training stops). Default 2. */
  minFrequency?: number;
  addedTokens: readonly AddedToken[];
}

/** Hugging Face tokenizer.json (the fields we write; enough for `tokenizers` to load it). */
export interface TokenizerJson {
  version: '1.0';
  truncation: null;
  padding: null;
  added_tokens: {
    id: number;
    content: string;
    single_word: false;
    lstrip: false;
    rstrip: false;
    normalized: false;
    special: boolean;
  }[];
  normalizer: null;
  pre_tokenizer: {
    type: 'Sequence';
    pretokenizers: [
      { type: 'Digits'; individual_digits: true },
      { type: 'ByteLevel'; add_prefix_space: false; trim_offsets: true; use_regex: true },
    ];
  };
  post_processor: null;
  decoder: { type: 'ByteLevel'; add_prefix_space: false; trim_offsets: true; use_regex: true };
  model: {
    type: 'BPE';
    dropout: null;
    unk_token: null;
    continuing_subword_prefix: null;
    end_of_word_suffix: null;
    fuse_unk: false;
    byte_fallback: false;
    ignore_merges: false;
    vocab: Record<string, number>;
    merges: string[];
  };
}

/** Splits text into added tokens and the plain runs between them (leftmost match, longest first). */
function splitOnAdded(text: string, added: readonly string[]): { text: string; added: boolean }[] {
  const parts: { text: string; added: boolean }[] = [];
  if (added.length === 0) return text ? [{ text, added: false }] : [];
  const byLength = [...added].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  let plain = '';
  let i = 0;
  outer: while (i < text.length) {
    for (const a of byLength) {
      if (text.startsWith(a, i)) {
        if (plain) parts.push({ text: plain, added: false });
        plain = '';
        parts.push({ text: a, added: true });
        i += a.length;
        continue outer;
      }
    }
    plain += text[i];
    i++;
  }
  if (plain) parts.push({ text: plain, added: false });
  return parts;
}

/** The byte-level words of a corpus (plain runs only), with their counts. */
function countWords(texts: readonly string[], added: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const part of splitOnAdded(text, added)) {
      if (part.added) continue;
      for (const piece of preTokenize(part.text)) {
        const word = toByteSymbols(piece);
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
  }
  return counts;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Learns merges on `texts`. Deterministic: words are visited in sorted order and ties between equally
 * frequent pairs go to the lexicographically smallest (left, right). Recounts all pairs every merge,
 * which is O(merges × corpus symbols): fine for the protocol-sized corpora we train on (kilobytes to
 * a few megabytes).
 */
export function trainBpe(texts: readonly string[], options: BpeTrainOptions): Tokenizer {
  const minFrequency = options.minFrequency ?? 2;
  const addedContents = options.addedTokens.map((t) => t.content);
  if (new Set(addedContents).size !== addedContents.length) throw new Error('duplicate added token');
  const counts = countWords(texts, addedContents);
  const words = [...counts.keys()].sort(cmp).map((w) => ({ symbols: Array.from(w), count: counts.get(w)! }));
  const merges: [string, string][] = [];
  const budget = options.vocabSize - options.addedTokens.length - 256;
  while (merges.length < budget) {
    const pairs = new Map<string, number>();
    for (const { symbols, count } of words) {
      for (let i = 0; i + 1 < symbols.length; i++) {
        const key = symbols[i]! + ' ' + symbols[i + 1]!;
        pairs.set(key, (pairs.get(key) ?? 0) + count);
      }
    }
    let best: string | null = null;
    let bestCount = 0;
    for (const [key, n] of pairs) {
      if (n > bestCount || (n === bestCount && best !== null && cmp(key, best) < 0)) {
        best = key;
        bestCount = n;
      }
    }
    if (best === null || bestCount < minFrequency) break;
    // Byte symbols never contain a space, so the key splits unambiguously.
    const [left, right] = best.split(' ') as [string, string];
    merges.push([left, right]);
    const joined = left + right;
    for (const w of words) {
      const s = w.symbols;
      const out: string[] = [];
      for (let i = 0; i < s.length; i++) {
        if (i + 1 < s.length && s[i] === left && s[i + 1] === right) {
          out.push(joined);
          i++;
        } else out.push(s[i]!);
      }
      w.symbols = out;
    }
  }
  return new Tokenizer(options.addedTokens, merges);
}

export class Tokenizer {
  /** The added tokens before the bytes (ids 0…). */
  readonly addedTokens: readonly AddedToken[];
  readonly merges: readonly (readonly [string, string])[];
  /** Added tokens after the merges (an extension's; see `extend`). */
  readonly appendedTokens: readonly AddedToken[];
  /** Token string → id (added tokens by their content, the rest as byte-level symbols). */
  readonly vocab: ReadonlyMap<string, number>;
  /** Id → token string. */
  readonly tokens: readonly string[];
  private readonly addedIds: ReadonlyMap<string, number>;
  private readonly addedContents: readonly string[];
  /** The added token of an id, or undefined for bytes and merges. */
  private readonly addedOf: (id: number) => AddedToken | undefined;
  private readonly ranks: ReadonlyMap<string, number>;
  private readonly cache = new Map<string, number[]>();

  constructor(
    addedTokens: readonly AddedToken[],
    merges: readonly (readonly [string, string])[],
    appendedTokens: readonly AddedToken[] = [],
  ) {
    this.addedTokens = addedTokens;
    this.merges = merges;
    this.appendedTokens = appendedTokens;
    const tokens: string[] = [];
    const vocab = new Map<string, number>();
    const add = (t: string) => {
      if (vocab.has(t)) throw new Error(`duplicate vocabulary entry ${JSON.stringify(t)}`);
      vocab.set(t, tokens.length);
      tokens.push(t);
    };
    for (const t of addedTokens) add(t.content);
    for (const b of BYTE_SYMBOLS) add(b);
    for (const [l, r] of merges) add(l + r);
    for (const t of appendedTokens) add(t.content);
    this.tokens = tokens;
    this.vocab = vocab;
    this.addedContents = [...addedTokens, ...appendedTokens].map((t) => t.content);
    this.addedIds = new Map(this.addedContents.map((c) => [c, vocab.get(c)!]));
    const firstAppended = tokens.length - appendedTokens.length;
    this.addedOf = (id) =>
      id < addedTokens.length
        ? addedTokens[id]
        : id >= firstAppended
          ? appendedTokens[id - firstAppended]
          : undefined;
    this.ranks = new Map(merges.map(([l, r], i) => [mergeKey(l, r), i]));
  }

  get size(): number {
    return this.tokens.length;
  }

  /** Whether `id` is an added token (control, protocol key or number slot), first or appended. */
  isAdded(id: number): boolean {
    return this.addedOf(id) !== undefined;
  }

  /**
   * This tokenizer with `tokens` appended after its merges (those it already has are skipped): the ids of
   * this one stay the same, so a model trained with it keeps its embeddings and gains rows for the new ones.
   */
  extend(tokens: readonly AddedToken[]): Tokenizer {
    const have = new Set(this.vocab.keys());
    const fresh = tokens.filter(
      (t, i) => !have.has(t.content) && tokens.findIndex((u) => u.content === t.content) === i,
    );
    return new Tokenizer(this.addedTokens, this.merges, [...this.appendedTokens, ...fresh]);
  }

  /** The id of an added token (e.g. '<EOS>'); throws when it is not one. */
  id(content: string): number {
    const id = this.addedIds.get(content);
    if (id === undefined) throw new Error(`not an added token: ${content}`);
    return id;
  }

  encode(text: string): number[] {
    const ids: number[] = [];
    for (const part of splitOnAdded(text, this.addedContents)) {
      if (part.added) {
        ids.push(this.addedIds.get(part.text)!);
        continue;
      }
      for (const piece of preTokenize(part.text)) ids.push(...this.encodeWord(toByteSymbols(piece)));
    }
    return ids;
  }

  /** BPE on one pre-tokenized word (the agent file's rule: @greenhouse/agent-format `mergeSymbols`). */
  private encodeWord(word: string): number[] {
    const cached = this.cache.get(word);
    if (cached) return cached;
    const ids = mergeSymbols(Array.from(word), this.ranks).map((s) => this.vocab.get(s)!);
    if (this.cache.size < 100_000) this.cache.set(word, ids);
    return ids;
  }

  /** The text of `ids`; added tokens as their content (special ones too unless `skipSpecial`). */
  decode(ids: readonly number[], options: { skipSpecial?: boolean } = {}): string {
    let out = '';
    let bytes = '';
    for (const id of ids) {
      const token = this.tokens[id];
      if (token === undefined) throw new Error(`token id out of range: ${id}`);
      const added = this.addedOf(id);
      if (added) {
        out += fromByteSymbols(bytes);
        bytes = '';
        if (!(options.skipSpecial && added.special)) out += token;
      } else bytes += token;
    }
    return out + fromByteSymbols(bytes);
  }

  toJSON(): TokenizerJson {
    return {
      version: '1.0',
      truncation: null,
      padding: null,
      added_tokens: [...this.addedTokens, ...this.appendedTokens].map((t) => ({
        id: this.vocab.get(t.content)!,
        content: t.content,
        single_word: false,
        lstrip: false,
        rstrip: false,
        normalized: false,
        special: t.special,
      })),
      normalizer: null,
      pre_tokenizer: {
        type: 'Sequence',
        pretokenizers: [
          { type: 'Digits', individual_digits: true },
          { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
        ],
      },
      post_processor: null,
      decoder: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
      model: {
        type: 'BPE',
        dropout: null,
        unk_token: null,
        continuing_subword_prefix: null,
        end_of_word_suffix: null,
        fuse_unk: false,
        byte_fallback: false,
        ignore_merges: false,
        vocab: Object.fromEntries(this.vocab),
        merges: this.merges.map(([l, r]) => `${l} ${r}`),
      },
    };
  }

  static fromJSON(json: TokenizerJson): Tokenizer {
    const sorted = [...json.added_tokens].sort((a, b) => a.id - b.id);
    // The leading added tokens hold ids 0…k-1; the others come after the bytes and merges.
    const leading = sorted.filter((t, i) => t.id === i);
    const token = (t: (typeof sorted)[number]) => ({ content: t.content, special: t.special });
    const merges = json.model.merges.map((m) => m.split(' ') as [string, string]);
    const tokenizer = new Tokenizer(leading.map(token), merges, sorted.slice(leading.length).map(token));
    for (const [t, id] of Object.entries(json.model.vocab)) {
      if (tokenizer.vocab.get(t) !== id)
        throw new Error(`tokenizer.json: unexpected id for ${JSON.stringify(t)}`);
    }
    return tokenizer;
  }
}
