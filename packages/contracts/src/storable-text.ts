// Text the database cannot store. PostgreSQL refuses NUL (U+0000) in `text` and in `jsonb`, and a lone UTF-16
// surrogate (U+D800..U+DFFF without its pair) is not a character at all: `jsonb` refuses its `\uXXXX` escape,
// and a `text` column gets it mangled into U+FFFD. Both therefore are refused where they enter (request bodies,
// query strings, uploaded protocols), before anything is stored, instead of failing as a 500 in the database.
// Request bodies and protocols also get a bounded nesting depth: `JSON.stringify` (jsonb) and every recursive
// walker overflow their stack on thousands of levels, and no valid input comes anywhere near the bound.

/** The deepest nesting of objects and arrays accepted in a JSON request body or an uploaded protocol. */
export const MAX_JSON_DEPTH = 64;

export type UnstorableReason = 'invalid_characters' | 'too_deep';

export interface UnstorableProblem {
  reason: UnstorableReason;
  /** Where: the keys and indexes from the top (for a bad key, the key itself, its bad characters replaced). */
  path: (string | number)[];
}

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- NUL is the point
const UNSTORABLE_RE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_GLOBAL_RE = new RegExp(UNSTORABLE_RE.source, 'g');

/** Whether the text holds a NUL or a lone surrogate. */
export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE_RE.test(text);
}

/** The text with each NUL and lone surrogate replaced by U+FFFD (for naming a bad key in an answer). */
export function withUnstorableReplaced(text: string): string {
  return text.replace(UNSTORABLE_GLOBAL_RE, '\ufffd');
}

/**
 * The first string or key in a parsed JSON value (or query object) that the database cannot store, or the
 * first place nested deeper than `maxDepth` (the top-level object or array is depth 1). Iterative, so a
 * value nested hundreds of thousands deep is walked without recursion.
 */
export function findUnstorable(value: unknown, maxDepth = MAX_JSON_DEPTH): UnstorableProblem | null {
  const stack: Array<{ value: unknown; path: (string | number)[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasUnstorableCharacters(current)) return { reason: 'invalid_characters', path };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= maxDepth) return { reason: 'too_deep', path };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], path: [...path, i] });
      continue;
    }
    const keys = Object.keys(current);
    for (const key of keys) {
      if (hasUnstorableCharacters(key))
        return { reason: 'invalid_characters', path: [...path, withUnstorableReplaced(key)] };
    }
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i]!;
      stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return null;
}

/** A path as the API names a field: `draft.context.1`. */
export function fieldOf(path: (string | number)[]): string {
  return path.join('.');
}

/** A path as a JSON pointer (RFC 6901): `/context/1`. */
export function pointerOf(path: (string | number)[]): string {
  return path.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
