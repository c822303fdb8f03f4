// The reaction model's definition: what it reads of a request, its file, and how a choice is scored — the
// values here are worked out by hand from the README's rules, so a reader in another language can check
// itself against them.
import { describe, expect, it } from 'vitest';
import {
  chooseReaction,
  decodeReactionModel,
  encodeReactionModel,
  featureHash,
  floatToHalf,
  halfToFloat,
  lineWords,
  numberBucket,
  requestFeatures,
  requestHashes,
  type InstructionReactions,
  type LinearHead,
  type ReactionModel,
} from './index.js';

describe('what the reaction model reads of a request', () => {
  it('splits a line into lowercase words of letters and digits, in any script', () => {
    expect(lineWords('Ferry me OVER, would-you? 2 coppers…')).toEqual([
      'ferry',
      'me',
      'over',
      'would',
      'you',
      '2',
      'coppers',
    ]);
    expect(lineWords('Łeb mi PĘKA — ПРИВЕТ 東京')).toEqual(['łeb', 'mi', 'pęka', 'привет', '東京']);
    // U+0130 lowercases to two code points: it stays as it is.
    expect(lineWords('İstanbul')).toEqual(['İstanbul']);
  });

  it('names each feature after its line: words, bigrams, character n-grams and number buckets', () => {
    const features = requestFeatures(
      [{ text: 'Hi' }, { text: 'go now', numbers: [5, 100] }],
      [
        [],
        [
          { min: 0, max: 10 },
          { min: 0, max: 100 },
        ],
      ],
    );
    expect(features).toEqual([
      '0w:hi',
      '0c: hi',
      '0c:hi ',
      '0c: hi ',
      '1w:go',
      '1w:now',
      '1b:go now',
      '1c: go',
      '1c:go ',
      '1c:o n',
      '1c: no',
      '1c:now',
      '1c:ow ',
      '1c: go ',
      '1c:go n',
      '1c:o no',
      '1c: now',
      '1c:now ',
      '1c: go n',
      '1c:go no',
      '1c:o now',
      '1c: now ',
      '1n0:4',
      '1t0:1',
      '1t0:2',
      '1t0:3',
      '1t0:4',
      '1n1:7',
      ...[1, 2, 3, 4, 5, 6, 7].map((t) => `1t1:${t}`),
    ]);
  });

  it('buckets a number by eighths of its range, clamped, and a range of one value to 0', () => {
    expect(numberBucket(0, { min: 0, max: 8 })).toBe(0);
    expect(numberBucket(7.99, { min: 0, max: 8 })).toBe(7);
    expect(numberBucket(8, { min: 0, max: 8 })).toBe(7);
    expect(numberBucket(-50, { min: -50, max: 50 })).toBe(0);
    expect(numberBucket(99, { min: 0, max: 8 })).toBe(7);
    expect(numberBucket(3, { min: 3, max: 3 })).toBe(0);
  });

  it('hashes with FNV-1a 32 over UTF-8', () => {
    expect(featureHash('')).toBe(0x811c9dc5);
    expect(featureHash('a')).toBe(0xe40c292c);
    expect(featureHash('foobar')).toBe(0xbf9cf968);
    // Two-, three- and four-byte characters, and a lone surrogate as U+FFFD.
    expect(featureHash('ł')).toBe(featureHash('\u0142'));
    expect(featureHash('\ud800')).toBe(featureHash('\ufffd'));
    const hashes = requestHashes([{ text: 'a a a' }], [[]]);
    expect([...hashes]).toEqual([...hashes].sort((a, b) => a - b));
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});

/** A head with the given outputs, features and weights (no word scores). */
const head = (bias: number[], features: Record<string, number[]>, idf = 1): LinearHead => {
  const entries = Object.entries(features)
    .map(([f, w]) => [featureHash(f), w] as const)
    .sort((a, b) => a[0] - b[0]);
  return {
    bias: Float32Array.from(bias),
    features: Uint32Array.from(entries.map(([h]) => h)),
    idf: Float32Array.from(entries, () => idf),
    weights: Float32Array.from(entries.flatMap(([, w]) => w)),
    wordScores: [],
  };
};

const instruction: InstructionReactions = {
  name: 'talk',
  reactions: Uint32Array.from([0, 2]),
  classes: head([0, 0.5], { '0w:buy': [2, 0], '0w:bye': [0, 2] }),
  lines: [['Take it.'], ['Farewell.']],
  refusal: { reaction: 3, bias: -0.5, detector: head([0], { '0w:python': [4] }), lines: ['No idea.'] },
};
const model: ReactionModel = { words: null, instructions: [instruction] };

describe('choosing a reaction', () => {
  it('takes the best class, or the refusal when the detector and its bias say so', () => {
    const choose = (text: string) => chooseReaction(model, instruction, [{ text }], [[]]);
    // "buy": one known feature of idf 1, length 1: class 0 gets 2, class 1 its bias 0.5.
    expect(choose('buy')).toMatchObject({ reaction: 0, refused: false, offTopic: -0.5 });
    expect(Array.from(choose('buy').scores)).toEqual([2, 0.5]);
    // Two known features: each x = 1 / √2 (in doubles, as the README orders it).
    const x = 1 / Math.sqrt(2);
    expect(Array.from(choose('buy bye').scores)).toEqual([x * 2, 0.5 + x * 2]);
    expect(choose('nothing known')).toMatchObject({ reaction: 2, refused: false });
    expect(choose('python')).toMatchObject({ reaction: 3, refused: true, offTopic: 3.5 });
  });

  it("adds a line's word scores over its known words, divided by their norms", () => {
    const words = {
      hashes: Uint32Array.from([featureHash('fee'), featureHash('toll')].sort((a, b) => a - b)),
      norms: Float32Array.from([2, 2]),
    };
    const scores = new Float32Array(4);
    // Class 0 scores 1 per word, class 1 scores 0.
    scores[0] = 1;
    scores[2] = 1;
    const withWords: InstructionReactions = {
      ...instruction,
      classes: { ...instruction.classes, wordScores: [{ line: 0, scores }] },
    };
    const r = chooseReaction(
      { words, instructions: [withWords] },
      withWords,
      [{ text: 'toll toll fee nope' }],
      [[]],
    );
    // s = 3, c = 6: class 0 gets 0.5, class 1 its bias 0.5; equal: the lower class.
    expect(Array.from(r.scores)).toEqual([0.5, 0.5]);
    expect(r.reaction).toBe(0);
  });
});

describe('reactions.bin', () => {
  it('round-trips a model, float16 values rounded as stored', () => {
    const bytes = encodeReactionModel({
      ...model,
      instructions: [{ ...instruction, classes: head([0, 0.5], { '0w:buy': [0.1, 0] }) }],
    });
    const back = decodeReactionModel(bytes);
    expect(back.instructions[0]!.classes.weights[0]).toBe(halfToFloat(floatToHalf(0.1)));
    expect(back.instructions[0]!.lines).toEqual([['Take it.'], ['Farewell.']]);
    expect(back.instructions[0]!.refusal).toMatchObject({ reaction: 3, bias: -0.5, lines: ['No idea.'] });
    expect(decodeReactionModel(encodeReactionModel(back))).toEqual(back);
  });

  it('refuses bytes that are not a model, with the reason', () => {
    const bytes = encodeReactionModel(model);
    expect(() => decodeReactionModel(bytes.subarray(0, 30))).toThrow(/ends early/);
    const other = bytes.slice();
    other[0] = 0x58;
    expect(() => decodeReactionModel(other)).toThrow(/not a reaction model/);
    const version = bytes.slice();
    version[4] = 2;
    expect(() => decodeReactionModel(version)).toThrow(/version 2/);
    expect(() => decodeReactionModel(Uint8Array.from([...bytes, 0, 0, 0, 0]))).toThrow(
      /bytes after the model/,
    );
  });
});
