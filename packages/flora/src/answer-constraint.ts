// Constrained answers. The model answers "<output line>\n<reaction line>\n<EOS>"; left to itself a small model
// sometimes writes a reaction key into the output line, stops before any reaction, or names a reaction of
// another instruction. AnswerConstraint decides each token of an answer from the model's choice and logits:
//
//   output   the model's own choice while it is a text token. A token holding a line break ends the line; so
//            does a control token (<EOS>, <UNK>…), the end of `maxOutputTokens`, or too little context left for
//            the longest reaction — then a line break is fed in the model's place. A protocol key (an added
//            token) is tentative: a key can stand inside the protocol's own text (key `Fare` in "Farewell"),
//            so it is fed and kept only when the model goes on with text; when the model follows it with a
//            line break, <EOS> or another added token, it was the reaction written too early — the key is
//            taken back (the caller rewinds its model one position) and the line ends there.
//   reaction the reaction line, token by token among the instruction's reactions only: a trie of their token
//            ids, the largest logit among the allowed next tokens (greedy, also when the output was sampled).
//            A reaction that is a prefix of another ends where the line-break token outscores its children.
//   number   a FinalNumToken's value after its key: number pieces (digits, '-', '.') by largest logit among
//            those that keep it a number (-?digits, then .digits), until the line break outscores them once
//            it is a whole number (at most MAX_NUMBER_TOKENS tokens).
//
// So every answer has exactly one of the instruction's reactions and its output line no reaction token. Pure:
// the engine (agent.ts, with its KV cache) and the trainer's evaluation (no cache) drive it the same way.

/** The protocol tokenizer's control tokens (mtp's constants). */
const CONTROL_TOKENS = ['<PAD>', '<BOS>', '<RUN>', '<EOS>', '<UNK>', '<NON>'];

/** Longest FinalNumToken value, in tokens (digits are single tokens: '-123456.75' is 10). */
export const MAX_NUMBER_TOKENS = 16;
/** What a FinalNumToken's value may be on its way, and when it is done (as mtp prints numbers). */
const NUMBER_PREFIX = /^-?(\d+(\.\d*)?)?$/;
const WHOLE_NUMBER = /^-?\d+(\.\d+)?$/;

export interface AnswerVocabulary {
  /** Vocabulary size. */
  size: number;
  /** Per id: an added token (control token, protocol key, number slot). */
  added: readonly boolean[];
  /** Per id: a control token (<PAD> <BOS> <RUN> <EOS> <UNK> <NON>): never in the output line. */
  control: readonly boolean[];
  /** Per id: its text holds a line break. */
  breaksLine: readonly boolean[];
  /** Per id: its text when it is a piece of a number (only digits, '-' and '.'), else null. */
  numberText: readonly (string | null)[];
  /** The line-break token fed when the output ends without one. */
  lineBreak: number;
}

/** The vocabulary facts from each id's text and whether it is an added token. */
export function answerVocabulary(
  size: number,
  textOf: (id: number) => string,
  isAdded: (id: number) => boolean,
  lineBreak: number,
): AnswerVocabulary {
  const added: boolean[] = [];
  const control: boolean[] = [];
  const breaksLine: boolean[] = [];
  const numberText: (string | null)[] = [];
  for (let id = 0; id < size; id++) {
    const a = isAdded(id);
    const text = a ? '' : textOf(id);
    added.push(a);
    control.push(a && CONTROL_TOKENS.includes(textOf(id)));
    breaksLine.push(!a && /[\r\n]/.test(text));
    numberText.push(!a && /^[-.0-9]+$/.test(text) ? text : null);
  }
  return { size, added, control, breaksLine, numberText, lineBreak };
}

export interface ReactionChoice {
  /** Index in the instruction's reactions. */
  index: number;
  /** The reaction line's token ids. */
  ids: readonly number[];
  /** A FinalNumToken: a number follows the key. */
  number: boolean;
}

interface TrieNode {
  children: Map<number, TrieNode>;
  /** The reaction ending here, if any. */
  end: ReactionChoice | null;
}

function buildTrie(reactions: readonly ReactionChoice[]): TrieNode {
  const root: TrieNode = { children: new Map(), end: null };
  for (const r of reactions) {
    if (r.ids.length === 0) throw new Error(`reaction ${r.index} has no tokens`);
    let node = root;
    for (const id of r.ids) {
      let next = node.children.get(id);
      if (!next) node.children.set(id, (next = { children: new Map(), end: null }));
      node = next;
    }
    node.end ??= r;
  }
  return root;
}

/** The step's token. */
export interface AnswerStep {
  /** The token of the answer (to decode, and to feed unless `done`); -1: none, the answer is complete. */
  id: number;
  /** The answer is complete (after `id`, if any): nothing more to feed. */
  done: boolean;
  /** A tentative protocol key: feed it, but keep its text back until the next step keeps it. */
  hold?: boolean;
  /** The held key is taken back: rewind the model one position (and drop its text) before feeding `id`. */
  rewind?: boolean;
}

export type AnswerPhase = 'output' | 'reaction' | 'number' | 'done';

export interface AnswerLimits {
  /** Output-line tokens at most (the line ends there; the reaction still follows). */
  maxOutputTokens: number;
  /** Positions left in the context before the first answer token. */
  contextLeft: number;
}

export class AnswerConstraint {
  private readonly trie: TrieNode;
  /** Tokens the reaction part can take at most (longest reaction, its number, the line break). */
  readonly reserve: number;
  private node: TrieNode;
  private phaseNow: AnswerPhase = 'output';
  private outputTokens = 0;
  private contextLeft: number;
  /** A protocol key fed in the output line, waiting for the model's next token to keep or take it back. */
  private held = false;
  private number: NumberWriter | null = null;
  private chosen: ReactionChoice | null = null;
  /** Why the output line ended: the model's line break or end, or a limit. */
  outputEnd: 'model' | 'max_tokens' | 'context' | null = null;

  constructor(
    private readonly vocab: AnswerVocabulary,
    reactions: readonly ReactionChoice[],
    private readonly limits: AnswerLimits,
  ) {
    if (reactions.length === 0) throw new Error('an answer needs at least one reaction');
    this.trie = buildTrie(reactions);
    this.node = this.trie;
    this.reserve = 1 + Math.max(...reactions.map((r) => r.ids.length + (r.number ? MAX_NUMBER_TOKENS : 0)));
    this.contextLeft = limits.contextLeft;
  }

  get phase(): AnswerPhase {
    return this.phaseNow;
  }

  /** The reaction chosen (once the answer is done). */
  get reaction(): ReactionChoice | null {
    return this.chosen;
  }

  /**
   * The next token of the answer. `choice` is the model's unconstrained pick (argmax or a sample) and
   * `logit(id)` reads the current logits; only a few ids are read outside the output line.
   */
  next(choice: number, logit: (id: number) => number): AnswerStep {
    const step = this.decide(choice, logit);
    this.contextLeft--;
    return step;
  }

  private decide(choice: number, logit: (id: number) => number): AnswerStep {
    const v = this.vocab;
    if (this.phaseNow === 'output') {
      const text = choice >= 0 && choice < v.size && !v.control[choice];
      if (this.held) {
        this.held = false;
        // The key was text when the model goes on with a text token that is not a line break.
        if (!(text && !v.added[choice] && !v.breaksLine[choice])) {
          this.outputTokens--;
          this.contextLeft++;
          this.outputEnd = 'model';
          this.phaseNow = 'reaction';
          return { id: v.lineBreak, done: false, rewind: true };
        }
      }
      const roomLeft = this.contextLeft > this.reserve + 1;
      const underMax = this.outputTokens < this.limits.maxOutputTokens;
      if (roomLeft && underMax && text) {
        if (v.breaksLine[choice]) {
          this.outputEnd = 'model';
          this.phaseNow = 'reaction';
          return { id: choice, done: false };
        }
        this.outputTokens++;
        if (v.added[choice]) {
          this.held = true;
          return { id: choice, done: false, hold: true };
        }
        return { id: choice, done: false };
      }
      this.outputEnd = !roomLeft ? 'context' : !underMax ? 'max_tokens' : 'model';
      this.phaseNow = 'reaction';
      return { id: v.lineBreak, done: false };
    }
    if (this.phaseNow === 'reaction') {
      let best = -1;
      let bestLogit = -Infinity;
      for (const id of this.node.children.keys()) {
        const l = logit(id);
        if (best < 0 || l > bestLogit || (l === bestLogit && id < best)) [best, bestLogit] = [id, l];
      }
      // A complete reaction that another one extends (`Buy_` and `Buy_<UNK>_`): it ends here when its own
      // continuation — the line break, or a FinalNumToken's number — outscores the longer ones.
      const end = this.node.end;
      if (end) {
        const own = end.number
          ? new NumberWriter(v).bestPiece(logit, false)
          : { id: -1, logit: logit(v.lineBreak) };
        if (best < 0 || own.logit > bestLogit) {
          this.chosen = end;
          if (!end.number) return this.complete();
          return this.startNumber(logit);
        }
      }
      this.node = this.node.children.get(best)!;
      if (this.node.children.size === 0) {
        this.chosen = this.node.end!;
        if (this.chosen.number) {
          this.phaseNow = 'number';
          this.number = new NumberWriter(v);
        } else this.phaseNow = 'done';
        return { id: best, done: this.phaseNow === 'done' };
      }
      return { id: best, done: false };
    }
    if (this.phaseNow === 'number') return this.numberStep(logit);
    throw new Error('the answer is already complete');
  }

  /** The answer ends without another token. */
  private complete(): AnswerStep {
    this.phaseNow = 'done';
    return { id: -1, done: true };
  }

  private startNumber(logit: (id: number) => number): AnswerStep {
    this.phaseNow = 'number';
    this.number = new NumberWriter(this.vocab);
    return this.numberStep(logit);
  }

  private numberStep(logit: (id: number) => number): AnswerStep {
    const id = this.number!.step(logit, this.contextLeft);
    return id < 0 ? this.complete() : { id, done: false };
  }
}

/**
 * A FinalNumToken's value after its key: number pieces (digits, '-', '.') by largest logit among those that
 * keep it a number (-?digits, then .digits), until the line break outscores them once it is a whole number
 * (at most MAX_NUMBER_TOKENS tokens, and no more than the context has room for).
 */
export class NumberWriter {
  private tokens = 0;
  /** The value so far. */
  text = '';

  constructor(private readonly vocab: AnswerVocabulary) {}

  /** The best next number piece that keeps the value a number (a whole one, when `last`). */
  bestPiece(logit: (id: number) => number, last: boolean): { id: number; logit: number } {
    const v = this.vocab;
    let id = -1;
    let best = -Infinity;
    for (let k = 0; k < v.size; k++) {
      const text = v.numberText[k];
      if (text === null || text === undefined) continue;
      const value = this.text + text;
      if (!(last ? WHOLE_NUMBER : NUMBER_PREFIX).test(value)) continue;
      const l = logit(k);
      if (id < 0 || l > best) [id, best] = [k, l];
    }
    return { id, logit: best };
  }

  /** The next piece's id, or -1 when the number is complete; `contextLeft` counts this step's position. */
  step(logit: (id: number) => number, contextLeft: number): number {
    const whole = WHOLE_NUMBER.test(this.text);
    const full = this.tokens >= MAX_NUMBER_TOKENS || contextLeft <= 0;
    if (whole && full) return -1;
    const last = this.tokens >= MAX_NUMBER_TOKENS - 1 || contextLeft <= 1;
    const piece = this.bestPiece(logit, last);
    if (whole && (piece.id < 0 || logit(this.vocab.lineBreak) > piece.logit)) return -1;
    if (piece.id < 0) throw new Error('the vocabulary has no digit');
    this.tokens++;
    this.text += this.vocab.numberText[piece.id]!;
    return piece.id;
  }
}

/** The lines a version-2 reaction may be answered with, as a trie of their token ids. */
export interface LineTrie {
  children: Map<number, LineTrie>;
  /** A whole line ends here. */
  end: boolean;
}

export function lineTrie(lines: readonly (readonly number[])[]): LineTrie {
  const root: LineTrie = { children: new Map(), end: false };
  for (const ids of lines) {
    let node = root;
    for (const id of ids) {
      let next = node.children.get(id);
      if (!next) node.children.set(id, (next = { children: new Map(), end: false }));
      node = next;
    }
    node.end = true;
  }
  return root;
}

/**
 * A version-2 answer, reaction first (the agent's reaction model chose it): the reaction's tokens are fed after
 * the prompt (`prefix`), then a FinalNumToken's number is written (NumberWriter), then a line break, then the
 * output line, token by token along the reaction's lines (`options`: the tokens that keep it one of them, and
 * whether one ends here; the model's logits choose among them), ending where a line ends, at
 * `maxOutputTokens` or at the end of the context. So the line is always one its reaction's examples answer
 * with — it fits the reaction and has no invented word — and the model chooses which, given the prompt.
 */
export class ReactionFirstAnswer {
  private phaseNow: 'number' | 'output' | 'done';
  private readonly number: NumberWriter | null;
  private node: LineTrie;
  private outputTokens = 0;
  private contextLeft: number;
  /** Why the output line ended. */
  outputEnd: 'model' | 'max_tokens' | 'context' | null = null;

  constructor(
    private readonly vocab: AnswerVocabulary,
    readonly reaction: ReactionChoice,
    lines: LineTrie,
    private readonly limits: AnswerLimits,
  ) {
    this.number = reaction.number ? new NumberWriter(vocab) : null;
    this.phaseNow = this.number ? 'number' : 'output';
    this.node = lines;
    // The prefix's positions: the reaction's tokens, and its line break unless a number comes first.
    this.contextLeft = limits.contextLeft - this.prefix.length;
  }

  /** The tokens to feed after the prompt before the first step. */
  get prefix(): readonly number[] {
    return this.reaction.number ? this.reaction.ids : [...this.reaction.ids, this.vocab.lineBreak];
  }

  get phase(): 'number' | 'output' | 'done' {
    return this.phaseNow;
  }

  /** The number written after the reaction's key, when it takes one. */
  get numberText(): string {
    return this.number?.text ?? '';
  }

  /** In the output line: the tokens it may go on with, and whether it may end here. */
  options(): { ids: number[]; end: boolean } {
    const full = this.contextLeft <= 0 || this.outputTokens >= this.limits.maxOutputTokens;
    return { ids: full ? [] : [...this.node.children.keys()], end: this.node.end || full };
  }

  /**
   * The next token: in the number, the model's by its logits (`choice` is ignored); in the output line,
   * `choice` is one of `options().ids`, or -1 to end the line (allowed when `options().end`).
   */
  next(choice: number, logit: (id: number) => number): AnswerStep {
    if (this.phaseNow === 'number') {
      const id = this.number!.step(logit, this.contextLeft);
      this.contextLeft--;
      if (id >= 0) return { id, done: false };
      this.phaseNow = 'output';
      return { id: this.vocab.lineBreak, done: false };
    }
    if (this.phaseNow === 'output') {
      const next = choice >= 0 ? this.node.children.get(choice) : undefined;
      const full = this.contextLeft <= 0 || this.outputTokens >= this.limits.maxOutputTokens;
      if (next && !full) {
        this.node = next;
        this.outputTokens++;
        this.contextLeft--;
        return { id: choice, done: false };
      }
      if (!this.node.end && !full) throw new Error(`token ${choice} does not go on with any line`);
      this.outputEnd = this.contextLeft <= 0 ? 'context' : full ? 'max_tokens' : 'model';
      this.phaseNow = 'done';
      return { id: -1, done: true };
    }
    throw new Error('the answer is already complete');
  }
}
