import type { VersionCompareResponse } from '@greenhouse/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { VersionCompare } from './components/version-compare';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

const sample = (input: string, answer: string, reaction: string, value: number | null = null) => ({
  inputs: [input],
  answer,
  reaction,
  value,
  numbers: [[], []],
  numberLists: [[], []],
});

const noGuardrailChanges = { added: [], removed: [], changed: [], unchanged: 1 };

/** Version 1 → 2 of a shop agent: examples added, removed, changed and moved; a guardrail changed; a new instruction. */
const compare: VersionCompareResponse = {
  a: {
    number: 1,
    createdAt: '2025-01-02T03:04:05.000Z',
    status: 'completed',
    samples: 6,
    quality: { right: 12, measured: 15 },
    sizeBytes: 1_258_291,
    scenarios: { passed: 4, total: 5 },
  },
  b: {
    number: 2,
    createdAt: '2025-01-03T03:04:05.000Z',
    status: 'processing',
    samples: 9,
    quality: null,
    sizeBytes: null,
    scenarios: null,
  },
  diff: {
    instructions: [
      {
        name: 'talk',
        status: 'kept',
        reactions: [
          {
            name: 'Sell_',
            key: 'Sell_',
            status: 'kept',
            added: [sample('An axe, please', 'Twelve gold.', 'Sell_')],
            removed: [],
            changed: [
              {
                before: sample('I want a sword', 'Ten gold, friend.', 'Sell_'),
                after: { ...sample('I want a sword', 'Fifteen gold, friend.', 'Sell_'), numbers: [[2], []] },
              },
            ],
            unchanged: 1,
          },
          {
            name: 'Guard_',
            key: 'Guard_',
            status: 'kept',
            added: [],
            removed: [sample('I will burn your shop', 'Guards, here!', 'Guard_')],
            changed: [
              {
                before: sample('How much for the shield?', 'Guards!', 'Sell_'),
                after: sample('How much for the shield?', 'Guards!', 'Guard_'),
              },
            ],
            unchanged: 2,
          },
          {
            name: 'Count_',
            key: 'Count_',
            status: 'kept',
            added: [],
            removed: [],
            changed: [],
            unchanged: 3,
          },
        ],
        guardrails: {
          added: [],
          removed: [],
          changed: [
            {
              line: 0,
              badOutput: { before: 'I only talk about my shop.', after: 'Buy something or leave.' },
              badExamplesAdded: ['Tell me a joke.'],
              badExamplesRemoved: ['Write me a poem.'],
            },
          ],
          unchanged: 0,
        },
      },
      {
        name: 'haggle',
        status: 'added',
        reactions: [
          {
            name: 'Deal_',
            key: 'Deal_',
            status: 'added',
            added: [sample('Nine gold?', 'Fine, nine.', 'Deal_', 9)],
            removed: [],
            changed: [],
            unchanged: 0,
          },
        ],
        guardrails: { added: [], removed: [], changed: [], unchanged: 0 },
      },
    ],
    summary: {
      instructionsAdded: 1,
      instructionsRemoved: 0,
      samplesAdded: 2,
      samplesRemoved: 1,
      samplesChanged: 2,
      samplesUnchanged: 6,
      guardrailsAdded: 0,
      guardrailsRemoved: 0,
      guardrailsChanged: 1,
    },
  },
};

/** Intl puts narrow no-break spaces in Polish numbers; compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** A version column's facts, as "term: value" lines. */
const facts = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${plain(term.nextElementSibling!.textContent)}`);

/** The texts of a list's items, under the heading that names it. */
const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === screen.getByRole('list', { name }))
    .map((item) => item.textContent);

describe('two versions side by side', () => {
  it('shows A and B with their examples, quality, size and scenarios, and says what is not there yet', () => {
    render(<VersionCompare compare={compare} />);
    expect(screen.getByRole('region', { name: 'Compare versions' })).toBeTruthy();
    expect(facts('A: version 1')).toEqual([
      expect.stringMatching(/^Created: \S/),
      'Status: Trained',
      'Examples: 6',
      'New phrasings understood: 12 of 15 (80%)',
      'Agent file size: 1.2 MB',
      'Scenarios passed: 4 of 5',
    ]);
    expect(facts('B: version 2').slice(1)).toEqual([
      'Status: Training',
      'Examples: 9',
      'New phrasings understood: Not measured yet',
      'Agent file size: Not exported yet',
      'Scenarios passed: None run',
    ]);
  });

  it('lists the changes per instruction and reaction with signs and words, before → after', () => {
    render(<VersionCompare compare={compare} />);
    const changes = screen.getByRole('region', { name: 'What changed from A to B' });
    expect(
      within(changes)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Instruction “talk”', 'Instruction “haggle” new in B']);
    // A reaction without changes is left out.
    expect(
      within(changes)
        .getAllByRole('heading', { level: 5 })
        .map((h) => h.textContent),
    ).toEqual(['Reaction “Sell”', 'Reaction “Guard”', 'Guardrails', 'Reaction “Deal” new in B']);
    expect(items('Reaction “Sell”')).toEqual([
      '+Added: “An axe, please” answers “Twelve gold.”',
      '±Changed: “I want a sword” answer: “Ten gold, friend.” → “Fifteen gold, friend.” numbers: — → [2]',
    ]);
    expect(items('Reaction “Guard”')).toEqual([
      '−Removed: “I will burn your shop” answers “Guards, here!”',
      '±Changed: “How much for the shield?” moved from Sell to Guard',
    ]);
    expect(items('Guardrails')).toEqual([
      '±Changed: Guardrail on input line 1 answer: “I only talk about my shop.” → “Buy something or leave.”' +
        '+new example to refuse: “Tell me a joke.”−example to refuse taken out: “Write me a poem.”',
    ]);
    expect(items('Reaction “Deal” new in B')).toEqual([
      '+Added: “Nine gold?” answers “Fine, nine.” · value 9',
    ]);
    expect(changes.textContent).toContain('Examples unchanged: 2.');
    expect(changes.querySelector('.version-diff__summary')!.textContent).toBe(
      'Examplesadded: 2, removed: 1, changed: 2' +
        'Guardrailsadded: 0, removed: 0, changed: 1' +
        'Instructionsadded: 1, removed: 0',
    );
  });

  it('gives the playground slot both versions', () => {
    const playground = vi.fn(({ a, b }: { a: { number: number }; b: { number: number } }) => (
      <p>
        Playground {a.number} and {b.number}
      </p>
    ));
    render(<VersionCompare compare={compare} renderPlayground={playground} />);
    expect(screen.getByText('Playground 1 and 2')).toBeTruthy();
  });

  it('says so when nothing changed', () => {
    const same = structuredClone(compare);
    same.diff.instructions = [
      {
        name: 'talk',
        status: 'kept',
        reactions: [{ ...compare.diff.instructions[0]!.reactions[2]! }],
        guardrails: noGuardrailChanges,
      },
    ];
    render(<VersionCompare compare={same} />);
    expect(
      screen.getByText('The two versions were trained from the same examples and guardrails.'),
    ).toBeTruthy();
    const changes = screen.getByRole('region', { name: 'What changed from A to B' });
    expect(within(changes).queryByRole('heading', { level: 4 })).toBeNull();
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    render(<VersionCompare compare={compare} />);
    expect(screen.getByRole('region', { name: 'Porównanie wersji' })).toBeTruthy();
    expect(facts('A: wersja 1').slice(1)).toEqual([
      'Stan: Wytrenowana',
      'Przykłady: 6',
      'Zrozumiane nowe sformułowania: 12 z 15 (80%)',
      'Rozmiar pliku agenta: 1,2 MB',
      'Zaliczone scenariusze: 4 z 5',
    ]);
    expect(facts('B: wersja 2')[3]).toBe('Zrozumiane nowe sformułowania: Jeszcze niezmierzone');
    expect(items('Reakcja „Guard”')).toEqual([
      '−Usunięty: „I will burn your shop” odpowiedź „Guards, here!”',
      '±Zmieniony: „How much for the shield?” przeniesiony z Sell do Guard',
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Co się zmieniło z A na B' }))
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Instrukcja „talk”', 'Instrukcja „haggle” nowa w B']);
    expect(screen.getByText('Obie wersje', { selector: 'h3' })).toBeTruthy();
  });
});
