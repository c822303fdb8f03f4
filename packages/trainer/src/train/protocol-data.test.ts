import { fixtureProtocol } from '@greenhouse/mtp/testing';
import { describe, expect, it } from 'vitest';
import { loadSynonyms } from '../base/synonyms.js';
import {
  augmentExamples,
  DEFAULT_AUGMENT,
  pretrainTexts,
  protocolExamples,
  splitPretrainTexts,
} from './protocol-data.js';

const protocol = fixtureProtocol('lighthouse_2_0_1.json');
const examples = protocolExamples(protocol);

describe('augmentExamples', () => {
  it('drops words of the input lines only, keeping key lines, control tokens and the output', () => {
    let total = 0;
    for (const [k, original] of examples.entries())
      for (const copy of augmentExamples(protocol, [original], { copies: 3, dropWord: 0.3, seed: k })) {
        total++;
        expect(copy.input).not.toBe(original.input);
        expect(copy.output).toBe(original.output);
        const a = original.input.split('\n');
        const b = copy.input.split('\n');
        a.forEach((line, i) => {
          if (i === 2 || i === 4) {
            // A non-empty subsequence of the line's words.
            const words = line.split(' ');
            const kept = b[i]!.split(' ');
            expect(kept.length).toBeGreaterThan(0);
            let at = 0;
            for (const w of kept) {
              while (at < words.length && words[at] !== w) at++;
              expect(at).toBeLessThan(words.length);
              at++;
            }
          } else expect(b[i]).toBe(line);
        });
        expect(copy.reaction).toBe(original.reaction);
        expect(copy.kind).toBe(original.kind);
      }
    expect(total).toBeGreaterThan(examples.length);
  });

  it('is deterministic for a seed and gives nothing for 0 copies', () => {
    const options = { ...DEFAULT_AUGMENT, seed: 5 };
    expect(augmentExamples(protocol, examples, options)).toEqual(
      augmentExamples(protocol, examples, options),
    );
    expect(augmentExamples(protocol, examples, { ...options, seed: 6 })).not.toEqual(
      augmentExamples(protocol, examples, options),
    );
    expect(augmentExamples(protocol, examples, { copies: 0, dropWord: 0.5, seed: 1 })).toEqual([]);
  });

  it('inserts filler words from the context lines when asked', () => {
    const context = new Set(
      [...protocol.context, ...protocol.sets.flatMap((s) => s.context)].flatMap((t) =>
        t.toLowerCase().split(/[^\p{L}\p{N}']+/u),
      ),
    );
    const e = examples[0]!;
    const [copy] = augmentExamples(protocol, [e], { copies: 1, dropWord: 0, insertWord: 0.5, seed: 3 });
    const before = e.input.split('\n')[2]!.split(' ');
    const after = copy!.input.split('\n')[2]!.split(' ');
    expect(after.length).toBeGreaterThan(before.length);
    const inserted = [...after];
    for (const w of before) inserted.splice(inserted.indexOf(w), 1);
    for (const w of inserted) expect(context.has(w)).toBe(true);
    expect(copy!.output).toBe(e.output);
  });

  it('swaps and repeats words when asked, adding no other word', () => {
    const e = examples[0]!;
    const sorted = (words: string[]) => [...words].sort();
    const before = e.input.split('\n')[2]!.split(' ');
    const [swapped] = augmentExamples(protocol, [e], { copies: 1, dropWord: 0, swapWords: 0.5, seed: 3 });
    const after = swapped!.input.split('\n')[2]!.split(' ');
    expect(after).not.toEqual(before);
    expect(sorted(after)).toEqual(sorted(before));
    const [repeated] = augmentExamples(protocol, [e], { copies: 1, dropWord: 0, repeatWord: 0.5, seed: 3 });
    const longer = repeated!.input.split('\n')[2]!.split(' ');
    expect(longer.length).toBeGreaterThan(before.length);
    expect([...new Set(longer)].sort()).toEqual([...new Set(before)].sort());
    expect(swapped!.output).toBe(e.output);
  });
});

describe('splitPretrainTexts', () => {
  it('leaves out the lines only held-out examples have, and nothing else', () => {
    const all = pretrainTexts(protocol);
    const lines = (i: number) => [...examples[i]!.input.split('\n'), ...examples[i]!.output.split('\n')];
    // Every sample held out: only the guardrail examples train (they reuse some samples' lines).
    const split = {
      train: examples.flatMap((e, i) => (e.kind === 'guardrail' ? [i] : [])),
      validation: examples.flatMap((e, i) => (e.kind === 'sample' ? [i] : [])),
    };
    const texts = splitPretrainTexts(protocol, examples, split);
    const heldLines = new Set(split.validation.flatMap(lines));
    const trainLines = new Set(split.train.flatMap(lines));
    const removed = all.filter((t) => !texts.includes(t));
    expect(removed.length).toBeGreaterThan(0);
    for (const t of removed) {
      expect(heldLines.has(t)).toBe(true);
      expect(trainLines.has(t)).toBe(false);
    }
    // What stays: context lines, and lines the training examples have too.
    for (const t of texts) expect(!heldLines.has(t) || trainLines.has(t)).toBe(true);
    expect(splitPretrainTexts(protocol, examples, { train: split.train, validation: [] })).toEqual(all);
  });
});

describe('augmentExamples with synonyms', () => {
  it('replaces words by synonyms of the committed table, never numbers, keys or the lines around them', () => {
    const keys = Object.values(protocol.tokens).map((t) => t.key);
    const line = 'I want to buy 12 big swords and help Cape_ 3.5 times, please buy it now';
    const example = {
      input: `<BOS>\n${keys[0]}\n${line}\n${keys[1]}\n<RUN>\n`,
      output: 'Sure.\nChat_\n<EOS>',
    };
    const copies = augmentExamples(protocol, [example], { copies: 30, dropWord: 0, synonyms: 1, seed: 5 });
    expect(copies.length).toBeGreaterThan(0);
    const table = loadSynonyms();
    expect(table.get('buy')).toContain('purchase');
    let changed = 0;
    for (const c of copies) {
      const parts = c.input.split('\n');
      // Only the text line changes.
      expect([parts[0], parts[1], parts[3], parts[4]]).toEqual(['<BOS>', keys[0], keys[1], '<RUN>']);
      const text = parts[2]!;
      for (const kept of ['12', '3.5', 'Cape_']) expect(text).toContain(kept);
      if (text.includes('purchase')) changed++;
      expect(c.output).toBe(example.output);
    }
    expect(changed).toBeGreaterThan(0);
  });
});
