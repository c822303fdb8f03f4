import { describe, expect, it } from 'vitest';
import { Rng } from '../rng.js';
import {
  buildSynonyms,
  parseSynonyms,
  segmentText,
  serializeSynonyms,
  synonymPhrasings,
  synonymSwap,
} from './synonyms.js';

describe('buildSynonyms', () => {
  const table = buildSynonyms(); // about 1 s; shared

  it('gives the lemmas of the most frequent sense (WordNet 3.1)', () => {
    expect(table.get('buy')).toEqual(['purchase']); // verb 02211988 (tagged 102×) over the noun (0×)
    expect(table.get('purchase')).toEqual(['buy']);
    expect(table.get('big')).toEqual(['large']); // adjective 01385012 "large, big"
    expect(table.get('large')).toEqual(['big']);
    expect(table.get('help')).toEqual(['assist', 'aid']);
    expect(table.get('answer')).toEqual(['reply', 'respond']);
    expect(table.get('price')).toEqual(['cost']);
    expect(table.get('cheap')).toEqual(['inexpensive']);
    expect(table.get('china')).toBeUndefined(); // first sense: the proper noun "China"
    expect(table.get('ticket')).toBeUndefined(); // no other single-word lemma in its first sense
  });

  it('holds only lowercase alphabetic words of three letters or more, sorted', () => {
    expect(table.size).toBeGreaterThan(30_000);
    const words = [...table.keys()];
    expect(words).toEqual([...words].sort());
    const wrong = [...table].filter(
      ([word, synonyms]) =>
        !/^[a-z]{3,}$/.test(word) ||
        synonyms.length === 0 ||
        new Set(synonyms).size !== synonyms.length ||
        synonyms.includes(word) ||
        !synonyms.every((s) => /^[a-z]{3,}$/.test(s)),
    );
    expect(wrong).toEqual([]);
  });

  it('serializes deterministically, with the licence, and parses back', () => {
    const text = serializeSynonyms(table);
    expect(text).toContain('# WordNet 3.1 Copyright 2011 by Princeton University.  All rights reserved.');
    expect(text).toContain('\nbuy purchase\n');
    expect(serializeSynonyms(parseSynonyms(text))).toBe(text);
    expect(parseSynonyms(text)).toEqual(table);
  });
});

describe('serializeSynonyms / parseSynonyms', () => {
  it('round-trips a small table, one line per word', () => {
    const table = new Map([
      ['zebra', ['horse']],
      ['buy', ['purchase', 'get']],
    ]);
    const text = serializeSynonyms(table, 'notice\n\nline 2');
    expect(text).toBe('# notice\n#\n# line 2\nbuy purchase get\nzebra horse\n');
    expect(parseSynonyms(text)).toEqual(new Map([...table].sort()));
    expect(() => parseSynonyms('word\n')).toThrow(/line 1/);
  });
});

describe('synonymSwap', () => {
  const table = new Map([
    ['buy', ['purchase']],
    ['big', ['large']],
    ['charge', ['fare', 'toll']], // "Fare" is a protected key: "Charge" must never become it
    ['fare', ['charge']],
    ['tree', ['plant']],
    ['cat', ['feline', 'kitty']],
    ['ef', ['zz']], // would change "9621ef" if letters next to digits counted as a word
    ['don', ['wear']], // would change "don't"
  ]);
  const protect = ['Buy_', 'Fare', '9621ef', '🐱', '<num_0_10>', 'Tree_', 'Big'];
  const pieces = [
    ...[
      'buy',
      'Buy',
      'BUY',
      'big',
      'Big',
      'charge',
      'Charge',
      'fare',
      'Fare',
      'tree',
      'Tree',
      'cat',
      'CAT',
      'bUy',
    ],
    ...protect,
    ...[
      'ef',
      "don't",
      'Buy_Big',
      'cat9',
      '42',
      '3.14',
      '0',
      '7ef',
      'x',
      'é',
      '_',
      ' ',
      ' ',
      ' ',
      ', ',
      '. ',
      '\n',
      '!',
      '-',
    ],
  ];
  const randomText = (rng: Rng) =>
    Array.from({ length: 1 + rng.int(30) }, () => pieces[rng.int(pieces.length)]).join('');
  const protectedParts = (s: string) =>
    segmentText(s, protect)
      .filter((p) => p.protected)
      .map((p) => p.text);

  it('never changes numbers, other characters or protected strings; swaps only whole words, in their case', () => {
    let swaps = 0;
    for (let seed = 0; seed < 400; seed++) {
      const gen = new Rng(seed);
      const text = randomText(gen);
      const out = synonymSwap(text, table, new Rng(seed + 1000), 0.7, protect);
      expect(protectedParts(out)).toEqual(protectedParts(text));
      expect(out.match(/\d+/g)).toEqual(text.match(/\d+/g));
      expect(out.replace(/\p{L}/gu, '')).toBe(text.replace(/\p{L}/gu, ''));
      // Letter runs line up, segment by segment (only letters change); a changed run is a synonym in
      // the same case.
      const runs = (s: string) =>
        segmentText(s, protect).flatMap((p) => (p.protected ? [p.text] : p.text.split(/\P{L}+/u)));
      const a = runs(text);
      const b = runs(out);
      expect(b.length).toBe(a.length);
      a.forEach((word, i) => {
        if (b[i] === word) return;
        swaps++;
        expect(table.get(word.toLowerCase())).toContain(b[i]!.toLowerCase());
        expect(b[i]![0] === b[i]![0]!.toUpperCase()).toBe(word[0] === word[0]!.toUpperCase());
      });
    }
    expect(swaps).toBeGreaterThan(200);
  });

  it('keeps the case of the first letter (and of an all-capitals word)', () => {
    const always = { next: () => 0, int: () => 0 };
    expect(synonymSwap('buy Buy BUY bUy', table, always, 1)).toBe('purchase Purchase PURCHASE bUy');
    expect(synonymSwap('Charge charge', table, always, 1, protect)).toBe('Toll fare');
    expect(synonymSwap("don't 9621ef 7ef ef", table, always, 1)).toBe("don't 9621ef 7ef zz");
    expect(synonymSwap('Tree_ tree 🐱 cat', table, always, 1, protect)).toBe('Tree_ plant 🐱 feline');
  });

  it('changes nothing at rate 0, and draws nothing from the generator', () => {
    for (let seed = 0; seed < 50; seed++) {
      const text = randomText(new Rng(seed));
      const rng = new Rng(seed);
      expect(synonymSwap(text, table, rng, 0, protect)).toBe(text);
      expect(rng.nextUint32()).toBe(new Rng(seed).nextUint32());
    }
  });

  it('is deterministic for a seed', () => {
    const text = 'I want to buy a big cat, a big tree and a cat for <num_0_10> dollars.';
    const runs = [1, 1, 2].map((seed) => synonymSwap(text, table, new Rng(seed), 0.5, protect));
    expect(runs[0]).toBe(runs[1]);
  });
});

describe('synonymPhrasings', () => {
  const table = new Map([
    ['buy', ['purchase']],
    ['sword', ['blade', 'steel']],
    ['big', ['large']],
    ['shop', ['store']],
    ['fare', ['charge']],
    ['ten', ['decade']], // a Polish "ten" must not be taken for the English word
    ['can', ['tin']], // a function word: never swapped
  ]);
  const lines = ['I want to buy a big sword', 'Is the shop open?', 'Buy 3 swords for Fare_ now'];

  it('swaps one or two words of each line for synonyms, taking the lines in turn', () => {
    const out = synonymPhrasings(lines, 100, 7, { table, protect: ['Fare_'] });
    expect(out.slice(0, 3).map((p) => lines.findIndex((l) => sameShape(l, p)))).toEqual([0, 1, 2]);
    for (const phrasing of out) {
      const line = lines.find((l) => sameShape(l, phrasing))!;
      const changed = diffWords(line, phrasing);
      expect(changed.length, phrasing).toBeGreaterThanOrEqual(1);
      expect(changed.length, phrasing).toBeLessThanOrEqual(2);
      for (const [from, to] of changed) {
        const stem = table.has(from.toLowerCase()) ? from.toLowerCase() : from.toLowerCase().slice(0, -1);
        const synonyms = table.get(stem)!.map((s) => (stem === from.toLowerCase() ? s : `${s}s`));
        expect(synonyms).toContain(to.toLowerCase());
      }
    }
    // Every one-word swap, then pairs; a plural swaps as a plural, in the word's case.
    expect(out).toContain('I want to purchase a big sword');
    expect(out).toContain('I want to buy a large steel');
    expect(out).toContain('Is the store open?');
    expect(out).toContain('Purchase 3 swords for Fare_ now');
    expect(out).toContain('Buy 3 blades for Fare_ now');
    expect(new Set(out).size).toBe(out.length);
  });

  it('keeps numbers, token keys and function words as they are', () => {
    const out = synonymPhrasings(['Buy 3 swords for Fare_ now', 'You can buy 20swords'], 100, 1, {
      table,
      protect: ['Fare_'],
    });
    expect(out.length).toBeGreaterThan(0);
    for (const phrasing of out) {
      expect(phrasing.match(/\d+/g)).toEqual(phrasing.startsWith('You') ? ['20'] : ['3']);
      if (!phrasing.startsWith('You')) expect(phrasing).toContain('for Fare_ now');
      expect(phrasing).not.toContain('tin');
      expect(phrasing).not.toContain('20blades');
    }
  });

  it('is deterministic for a seed, bounded, and never repeats a line or an excluded phrasing', () => {
    const a = synonymPhrasings(lines, 5, 3, { table });
    expect(a).toEqual(synonymPhrasings(lines, 5, 3, { table }));
    expect(a).toHaveLength(5);
    const all = synonymPhrasings(lines, 100, 3, { table });
    expect(synonymPhrasings(lines, 100, 4, { table }).sort()).toEqual([...all].sort());
    // Compared in lowercase and without punctuation.
    const excluded = synonymPhrasings(lines, 100, 3, {
      table,
      exclude: ['is the STORE open', 'i want to purchase a big sword!'],
    });
    expect(excluded).not.toContain('Is the store open?');
    expect(excluded).not.toContain('I want to purchase a big sword');
    expect(excluded).toHaveLength(all.length - 2);
    expect(synonymPhrasings(['Is the shop open?', 'is the shop open'], 100, 1, { table })).toEqual([
      'Is the store open?',
    ]);
    expect(synonymPhrasings(lines, 0, 1, { table })).toEqual([]);
  });

  it('gives nothing for lines that are not English', () => {
    expect(synonymPhrasings(['Ile kosztuje ten miecz?', 'Chcę kupić tarczę'], 10, 1, { table })).toEqual([]);
    expect(synonymPhrasings(['Ten sklep jest duzy'], 10, 1, { table })).toEqual([]);
    expect(synonymPhrasings(['Café shop'], 10, 1, { table })).toEqual([]);
  });

  it('offers English phrasings from the committed WordNet table, and none for Polish', () => {
    const english = synonymPhrasings(
      ['I want to buy a sword', 'How much does this shield cost?', 'Show me your best blade'],
      10,
      1,
    );
    expect(english).toHaveLength(10);
    expect(english).toContain('I want to purchase a sword');
    expect(
      synonymPhrasings(['Ile kosztuje ten miecz?', 'Chcę kupić tarczę', 'Sprzedaj mi miksturę'], 10, 1),
    ).toEqual([]);
  });
});

/** Whether a phrasing has the line's shape: the same number of words and the same non-letters. */
function sameShape(line: string, phrasing: string): boolean {
  const shape = (s: string) => s.replace(/\p{L}+/gu, 'w');
  return shape(line) === shape(phrasing);
}

/** The words that differ between a line and its phrasing, as [from, to]. */
function diffWords(line: string, phrasing: string): [string, string][] {
  const a = line.match(/\p{L}+/gu)!;
  const b = phrasing.match(/\p{L}+/gu)!;
  return a.flatMap((word, i) => (word === b[i] ? [] : [[word, b[i]!] as [string, string]]));
}
