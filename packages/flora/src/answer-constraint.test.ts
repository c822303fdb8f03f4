// The answer constraint against random logits and random reaction sets (prefixes of one another, numbers):
// whatever the model scores, an answer is an output line of text tokens, one line break, and exactly one of
// the instruction's reactions — never another, never none — within the context it was given.
import { describe, expect, it } from 'vitest';
import {
  AnswerConstraint,
  MAX_NUMBER_TOKENS,
  type AnswerVocabulary,
  type ReactionChoice,
} from './answer-constraint.js';
import { mulberry32 } from './sampling.js';

const V = 40;
// Ids 0–7 added tokens (0–3 control tokens, 4 <UNK>, 5–7 keys), 8 the line break, 9–12 number pieces, the
// rest words.
const vocab: AnswerVocabulary = {
  size: V,
  added: Array.from({ length: V }, (_, id) => id < 8),
  control: Array.from({ length: V }, (_, id) => id < 5),
  breaksLine: Array.from({ length: V }, (_, id) => id === 8 || id === 20),
  // Number pieces: '1', '-', '.', '-.' (the last never makes a number: it must never be chosen).
  numberText: Array.from({ length: V }, (_, id) => (['1', '-', '.', '-.'] as const)[id - 9] ?? null),
  lineBreak: 8,
};

function randomReactions(random: () => number): ReactionChoice[] {
  const count = 1 + Math.floor(random() * 5);
  const out: ReactionChoice[] = [];
  for (let index = 0; index < count; index++) {
    // Keys are added tokens; a guardrail form is a key, <UNK> (id 4) and a word; some extend another one.
    const base = out.length && random() < 0.4 ? [...out[Math.floor(random() * out.length)]!.ids] : [];
    const ids = base.length ? [...base, 4, 21] : [Math.floor(random() * 8)];
    if (out.some((r) => r.ids.join() === ids.join())) continue;
    out.push({ index: out.length, ids, number: base.length === 0 && random() < 0.3 });
  }
  return out;
}

describe('AnswerConstraint', () => {
  it('always ends with exactly one of the reactions, whatever the logits (1,000 random answers)', () => {
    const random = mulberry32(42);
    for (let trial = 0; trial < 1000; trial++) {
      const reactions = randomReactions(random);
      const contextLeft = 20 + Math.floor(random() * 60);
      const c = new AnswerConstraint(vocab, reactions, { maxOutputTokens: 1000, contextLeft });
      const answer: number[] = [];
      let fed = 0;
      for (;;) {
        const logits = Array.from({ length: V }, () => random() * 10 - 5);
        const choice = Math.floor(random() * V); // the model's own pick, anything at all
        const step = c.next(choice, (id) => logits[id]!);
        if (step.rewind) {
          answer.pop();
          fed--;
        }
        if (step.id >= 0) answer.push(step.id);
        if (step.done) break;
        fed++;
        expect(fed).toBeLessThanOrEqual(contextLeft);
      }
      const chosen = c.reaction!;
      expect(reactions).toContain(chosen);
      // output (text tokens, no line break), one line break, the reaction's ids, then its number if any.
      const breakAt = answer.findIndex((id) => vocab.breaksLine[id]);
      expect(breakAt).toBeGreaterThanOrEqual(0);
      // No control token in the output line; a protocol key only where the model went on with text.
      const output = answer.slice(0, breakAt);
      output.forEach((id, k) => {
        expect(vocab.control[id]).toBe(false);
        if (vocab.added[id]) expect(vocab.added[output[k + 1] ?? 8]).toBe(false);
      });
      const rest = answer.slice(breakAt + 1);
      expect(rest.slice(0, chosen.ids.length)).toEqual(chosen.ids);
      const tail = rest.slice(chosen.ids.length);
      if (chosen.number) {
        expect(tail.length).toBeGreaterThanOrEqual(1);
        expect(tail.length).toBeLessThanOrEqual(MAX_NUMBER_TOKENS);
        const value = tail.map((id) => vocab.numberText[id]).join('');
        expect(value).toMatch(/^-?\d+(\.\d+)?$/);
      } else expect(tail).toEqual([]);
    }
  });

  it("follows the model's own choices while they are valid, and its best reaction", () => {
    const reactions: ReactionChoice[] = [
      { index: 0, ids: [5], number: false },
      { index: 1, ids: [6], number: false },
      { index: 2, ids: [5, 4, 21], number: false },
    ];
    const c = new AnswerConstraint(vocab, reactions, { maxOutputTokens: 10, contextLeft: 50 });
    const flat = () => 0;
    expect(c.next(30, flat)).toEqual({ id: 30, done: false });
    expect(c.next(31, flat)).toEqual({ id: 31, done: false });
    // A key inside the text ("Fare" in "Farewell"): kept, since the model goes on with text.
    expect(c.next(6, flat)).toEqual({ id: 6, done: false, hold: true });
    expect(c.next(32, flat)).toEqual({ id: 32, done: false });
    // The model writes a reaction key and then <EOS>: the key is taken back and the line ends there.
    expect(c.next(6, flat)).toEqual({ id: 6, done: false, hold: true });
    expect(c.next(3, flat)).toEqual({ id: 8, done: false, rewind: true });
    expect(c.outputEnd).toBe('model');
    // Reaction 5 scores highest; then the line break outscores <UNK>: `5` alone.
    expect(c.next(-1, (id) => (id === 5 ? 3 : 0))).toEqual({ id: 5, done: false });
    expect(c.next(-1, (id) => (id === 8 ? 2 : id === 4 ? 1 : 0))).toEqual({ id: -1, done: true });
    expect(c.reaction).toBe(reactions[0]);
  });

  it('ends the output line at maxOutputTokens and when only room for the reaction is left', () => {
    const reactions: ReactionChoice[] = [{ index: 0, ids: [5, 6], number: false }];
    const short = new AnswerConstraint(vocab, reactions, { maxOutputTokens: 2, contextLeft: 50 });
    short.next(30, () => 0);
    short.next(30, () => 0);
    expect(short.next(30, () => 0).id).toBe(8);
    expect(short.outputEnd).toBe('max_tokens');
    const tight = new AnswerConstraint(vocab, reactions, { maxOutputTokens: 100, contextLeft: 5 });
    expect(tight.reserve).toBe(3);
    tight.next(30, () => 0);
    expect(tight.next(30, () => 0).id).toBe(8);
    expect(tight.outputEnd).toBe('context');
  });
});
