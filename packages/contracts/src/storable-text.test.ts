import { describe, expect, it } from 'vitest';
import {
  findUnstorable,
  hasUnstorableCharacters,
  MAX_JSON_DEPTH,
  pointerOf,
  withUnstorableReplaced,
} from './storable-text.js';

describe('hasUnstorableCharacters', () => {
  it('finds NUL and lone surrogates, and nothing in ordinary or astral text', () => {
    for (const bad of [
      '\u0000',
      'a\u0000',
      '\ud800',
      'a\ud800b',
      '\udc00',
      'x\udfff',
      '\ud83d\ud83d\ude00'.slice(0, 1),
    ])
      expect(hasUnstorableCharacters(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'Żółw 🐢', '\ud83d\ude00', 'tab\tline\n', '\u0001\u007f', '\ufffd'])
      expect(hasUnstorableCharacters(good), JSON.stringify(good)).toBe(false);
    expect(hasUnstorableCharacters('\ud83d\ude00\ude00')).toBe(true);
    expect(withUnstorableReplaced('a\u0000b\ud800c🐢')).toBe('a\ufffdb\ufffdc🐢');
  });
});

describe('findUnstorable', () => {
  it('names the first bad string or key by its path', () => {
    expect(findUnstorable({ a: ['ok', { b: 'x\u0000' }] })).toEqual({
      reason: 'invalid_characters',
      path: ['a', 1, 'b'],
    });
    expect(findUnstorable({ a: { ['k\ud800']: 1 } })).toEqual({
      reason: 'invalid_characters',
      path: ['a', 'k\ufffd'],
    });
    expect(findUnstorable({ a: [1, true, null, 'fine'], b: 'Żółw' })).toBeNull();
    expect(findUnstorable('\u0000')).toEqual({ reason: 'invalid_characters', path: [] });
  });

  it('bounds the depth (the top level is 1), without recursing', () => {
    const nest = (levels: number): unknown => {
      let v: unknown = 1;
      for (let i = 0; i < levels; i += 1) v = [v];
      return v;
    };
    expect(findUnstorable(nest(MAX_JSON_DEPTH))).toBeNull();
    expect(findUnstorable(nest(MAX_JSON_DEPTH + 1))?.reason).toBe('too_deep');
    expect(findUnstorable(nest(200_000))?.reason).toBe('too_deep');
    expect(findUnstorable({ a: { b: 1 } }, 2)).toBeNull();
    expect(findUnstorable({ a: { b: {} } }, 2)).toEqual({ reason: 'too_deep', path: ['a', 'b'] });
  });

  it('writes a path as a JSON pointer', () => {
    expect(pointerOf(['a/b', 0, 'c~d'])).toBe('/a~1b/0/c~0d');
    expect(pointerOf([])).toBe('');
  });
});
