// The quality bench's own measures: a wrong measure would report a wrong table.
import { describe, expect, it } from 'vitest';
import { keepPhrasings } from './fixtures.js';
import { letterWords, linesFittingReaction, linesWithoutInventedWords } from './line-measures.js';
import { cosine, TfIdf, wordsOf } from './tfidf.js';

describe('TF-IDF vectors', () => {
  it('are of length 1, alike for the same text and unlike for texts with nothing in common', () => {
    const tfidf = new TfIdf(['step aboard then', 'two copper please', 'the river is calm']);
    const a = tfidf.vector('Step aboard, then!');
    expect(cosine(a, a)).toBeCloseTo(1);
    expect(cosine(a, tfidf.vector('step aboard then'))).toBeCloseTo(1);
    expect(cosine(a, tfidf.vector('xyzzy'))).toBe(0);
    expect(cosine(a, tfidf.vector('aboard the boat'))).toBeGreaterThan(0);
    expect(wordsOf("Don't GO, 2 coppers")).toEqual(["don't", 'go', '2', 'coppers']);
  });
});

describe('line measures', () => {
  const responses = [
    { line: 'Step aboard, then. Mind the wet planks.', reaction: 'Board' },
    { line: 'Two copper, paid before we leave the bank.', reaction: 'Fare' },
  ];
  it('counts a line as fitting when its nearest training response is of its reaction', () => {
    expect(
      linesFittingReaction(
        [
          { line: 'Step aboard, then.', reaction: 'Board' },
          { line: 'Step aboard, then.', reaction: 'Fare' },
          { line: 'Two copper before we leave.', reaction: 'Fare' },
          { line: 'qqq', reaction: 'Fare' },
        ],
        responses,
      ),
    ).toBe(2);
  });

  it('counts lines whose every word the protocol writes, an empty line as a miss, numbers not as words', () => {
    const words = new Set(['step', 'aboard', 'then', 'two', 'copper']);
    expect(letterWords('Two copper, 12 times!')).toEqual(['two', 'copper', 'times']);
    expect(linesWithoutInventedWords(['Step aboard, then.', 'two copper 12', 'Stpe aboard', ''], words)).toBe(
      2,
    );
  });
});

describe('keeping offered phrasings', () => {
  it("adds each as a sample of its reaction, answered with that reaction's lines in turn", () => {
    const protocol = {
      instruction: {
        sets: [
          {
            name: 'crossing',
            samples: [
              { strings: ['I need to cross.', 'Step aboard.'], result: 'Board' },
              { strings: ['Take me over.', 'Hold the rail.'], result: 'Board' },
              { strings: ['How much?', 'Two copper.'], result: 'Fare' },
            ],
          },
        ],
      },
    };
    const kept = keepPhrasings(protocol, {
      set: 'crossing',
      offers: [
        { reaction: 'Board', input: 'ferry me over' },
        { reaction: 'Board', input: 'room for one more?' },
        { reaction: 'Board', input: 'lemme on' },
        { reaction: 'Fare', input: 'what do u charge' },
      ],
    }) as typeof protocol;
    expect(kept.instruction.sets[0]!.samples.slice(3)).toEqual([
      { strings: ['ferry me over', 'Step aboard.'], result: 'Board' },
      { strings: ['room for one more?', 'Hold the rail.'], result: 'Board' },
      { strings: ['lemme on', 'Step aboard.'], result: 'Board' },
      { strings: ['what do u charge', 'Two copper.'], result: 'Fare' },
    ]);
    expect(protocol.instruction.sets[0]!.samples).toHaveLength(3);
  });
});
