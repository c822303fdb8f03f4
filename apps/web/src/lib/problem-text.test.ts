import { MESSAGES, type ProblemKey } from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { en } from '../locales/en';
import { pl } from '../locales/pl';
import { hasProblemText, problemText } from './problem-text';

const problem = (key: string, params: Record<string, unknown>, message = 'server message') => ({
  path: [],
  pointer: '',
  key,
  message,
  params,
});

/** The params an mtp message reads, found by letting it read them from a recording object. */
function paramsRead(key: ProblemKey): Set<string> {
  const read = new Set<string>();
  const sample: Record<string, unknown> = { set: 0, setName: 'Talk', line: 2, column: 5, sets: [0, 1] };
  const params = new Proxy(sample, {
    get: (target, name: string) => {
      read.add(name);
      return name in target ? target[name] : 1;
    },
  });
  MESSAGES[key](params);
  return read;
}

const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]!));

describe.each([
  ['en', en],
  ['pl', pl],
])('%s protocol problem texts', (_language, resource) => {
  const keys = Object.keys(MESSAGES) as ProblemKey[];

  it('exist for every problem key of the validator', () => {
    const missing = keys.filter(
      (key) => typeof (resource.mtp as Record<string, unknown>)[key.slice(4)] !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it.each(keys)('%s uses the params the validator gives it, and all of them', (key) => {
    const text = (resource.mtp as Record<string, string>)[key.slice(4)]!;
    const used = placeholders(text);
    const read = paramsRead(key);
    const derived = (name: string) => (name === 'where' ? 'set' : name === 'at' ? 'line' : name);
    expect([...used].filter((name) => !read.has(derived(name)))).toEqual([]);
    const covered = (name: string) =>
      used.has(name) ||
      ((name === 'set' || name === 'setName') && used.has('where')) ||
      ((name === 'line' || name === 'column') && used.has('at'));
    expect([...read].filter((name) => !covered(name))).toEqual([]);
  });
});

describe('problemText', () => {
  const t = i18n.getFixedT('en');
  const tPl = i18n.getFixedT('pl');

  it('fills the app’s text with the params, quoting values from the file', () => {
    expect(problemText(t, problem('mtp.required', { property: 'name' }))).toBe(
      'The required property "name" is missing.',
    );
    expect(
      problemText(
        t,
        problem('mtp.invalidValue', { received: 'chat', allowed: ['generative', 'state_machine'] }),
      ),
    ).toBe('"chat" is not allowed here. Allowed values: "generative", "state_machine".');
    expect(tPl('mtp.required', { replace: { property: 'x' } })).toBe('Brakuje wymaganej właściwości "x".');
  });

  it('counts lines and sets from 1, and says which set', () => {
    expect(problemText(t, problem('mtp.emptyRow', { line: 0, set: 2 }))).toBe(
      'Token row 1 is empty; every line needs at least one token (set 3).',
    );
    expect(problemText(tPl, problem('mtp.emptyRow', { line: 1, set: 0, setName: 'Talk' }))).toBe(
      'Wiersz tokenów 2 jest pusty; każda linia potrzebuje co najmniej jednego tokenu (zestaw "Talk").',
    );
    expect(problemText(t, problem('mtp.duplicateSetName', { name: 'Talk', sets: [0, 3] }))).toBe(
      'Two instruction sets are named "Talk"; set names must be unique (sets 1, 4).',
    );
  });

  it('adds the position of invalid JSON only when it is known', () => {
    expect(
      problemText(t, problem('mtp.invalidJson', { reason: 'Unexpected token', line: 3, column: 7 })),
    ).toBe('The file is not valid JSON: Unexpected token (line 3, column 7).');
    expect(problemText(t, problem('mtp.invalidJson', { reason: 'Unexpected end' }))).toBe(
      'The file is not valid JSON: Unexpected end.',
    );
  });

  it('takes params named like i18next options as plain values', () => {
    expect(problemText(t, problem('mtp.tooFewItems', { minItems: 3, count: 1 }))).toBe(
      'The list has too few items (minimum 3, it has 1).',
    );
  });

  it('falls back to the server’s English for a key it has no text for', () => {
    expect(hasProblemText('mtp.brandNew')).toBe(false);
    expect(hasProblemText('common')).toBe(false);
    expect(hasProblemText('mtp.required')).toBe(true);
    expect(problemText(t, problem('mtp.brandNew', {}, 'Something new is wrong.'))).toBe(
      'Something new is wrong.',
    );
    expect(problemText(t, problem('common.cancel', {}, 'Not a problem key.'))).toBe('Not a problem key.');
  });
});
