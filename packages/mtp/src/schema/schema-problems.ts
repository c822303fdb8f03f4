// zod issues → Problems, with the JSON Schema vocabulary (integer, array, object…) and the path of the
// original file. zod reports issues in document order, which we keep.
import type { z } from 'zod/mini';
import { MESSAGES, jsonTypeOf, problem, type JsonPath, type Problem, type ProblemKey } from '../problems.js';
import { EXPECTED_INTEGER, codePointLength } from './json-types.js';

type Issue = z.core.$ZodIssue;

const ZOD_TO_JSON_TYPE: Record<string, string> = {
  int: 'integer',
  number: 'number',
  string: 'string',
  boolean: 'boolean',
  null: 'null',
  array: 'array',
  object: 'object',
  record: 'object',
};

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const p of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    if (!Object.hasOwn(v, p)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

const toJsonPath = (path: readonly PropertyKey[]): JsonPath =>
  path.map((p) => (typeof p === 'number' ? p : String(p)));

function describeTypes(types: string[]): string {
  // "an integer or a number" says no more than "a number".
  const unique = [...new Set(types)].filter(
    (t, _, all) => t !== '' && !(t === 'integer' && all.includes('number')),
  );
  const a = unique.map((t) => (t === 'null' ? 'null' : `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`));
  return a.length <= 1 ? (a[0] ?? 'something else') : `${a.slice(0, -1).join(', ')} or ${a.at(-1)}`;
}

/** The JSON Schema type an invalid_type issue expected. */
const expectedOf = (issue: Extract<Issue, { code: 'invalid_type' }>) =>
  issue.message === EXPECTED_INTEGER ? 'integer' : (ZOD_TO_JSON_TYPE[issue.expected] ?? issue.expected);

const isOwnKey = (message: string): message is ProblemKey => Object.hasOwn(MESSAGES, message);

/**
 * The branch of a failed union to report: the one with the fewest issues, and among those the deepest
 * (the one that got furthest into the value) — it is the branch that the value was most likely meant to
 * be, so its problem points at the actual mistake rather than at the union as a whole.
 */
function pickBranch(errors: Issue[][]): Issue[] | undefined {
  let best: Issue[] | undefined;
  let bestDepth = -1;
  for (const branch of errors) {
    const depth = Math.max(...branch.map((i) => i.path.length));
    if (!best || branch.length < best.length || (branch.length === best.length && depth > bestDepth)) {
      best = branch;
      bestDepth = depth;
    }
  }
  return best;
}

function issueToProblem(issue: Issue, root: unknown, base: readonly PropertyKey[]): Problem {
  const fullPath = [...base, ...issue.path];
  const path = toJsonPath(fullPath);
  const value = valueAt(root, fullPath);
  switch (issue.code) {
    case 'invalid_type': {
      // A missing object property shows up as "expected X, received undefined".
      if (value === undefined && fullPath.length > 0) {
        const parent = valueAt(root, fullPath.slice(0, -1));
        if (typeof parent === 'object' && parent !== null && !Array.isArray(parent)) {
          return problem(path, 'mtp.required', { property: String(fullPath.at(-1)) });
        }
      }
      return problem(path, 'mtp.invalidType', {
        expected: describeTypes([expectedOf(issue)]),
        received: jsonTypeOf(value),
      });
    }
    case 'invalid_value':
      return problem(path, 'mtp.invalidValue', { allowed: issue.values, received: value });
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const bound = Number(small ? issue.minimum : issue.maximum);
      if (issue.origin === 'array') {
        const count = Array.isArray(value) ? value.length : 0;
        if (small && isOwnKey(issue.message)) return problem(path, issue.message, { minimum: bound, count });
        return small
          ? problem(path, 'mtp.tooFewItems', { minItems: bound, count })
          : problem(path, 'mtp.tooManyItems', { maxItems: bound, count });
      }
      if (issue.origin === 'string') {
        const length = typeof value === 'string' ? codePointLength(value) : 0;
        return small
          ? problem(path, 'mtp.tooShort', { minLength: bound, length })
          : problem(path, 'mtp.tooLong', { maxLength: bound, length });
      }
      return small
        ? problem(path, 'mtp.tooSmall', { minimum: bound, received: value })
        : problem(path, 'mtp.tooBig', { maximum: bound, received: value });
    }
    case 'unrecognized_keys':
      return problem(path, 'mtp.unknownProperty', { property: issue.keys[0], properties: issue.keys });
    case 'invalid_format':
      return problem(path, 'mtp.patternMismatch', { pattern: issue.pattern ?? issue.format });
    case 'invalid_union': {
      // A branch whose only complaint is the value's type at the union's own place is a shape the value
      // is not; the others are shapes it has but breaks somewhere inside (or a bound of its own).
      const isTypeMismatch = (b: Issue[]) =>
        b.length === 1 && b[0]!.code === 'invalid_type' && b[0]!.path.length === 0;
      const candidates = issue.errors.filter((b) => b.length > 0 && !isTypeMismatch(b));
      const branch = pickBranch(candidates);
      // The branch's issues are relative to the union's place.
      if (branch) return issueToProblem(branch[0]!, root, fullPath);
      const types = issue.errors.flatMap((b) =>
        b.map((i) => (i.code === 'invalid_type' ? expectedOf(i) : '')),
      );
      return problem(path, 'mtp.noMatchingShape', {
        expected: describeTypes(types),
        received: jsonTypeOf(value),
      });
    }
    default:
      return problem(path, 'mtp.invalidType', { expected: 'a valid value', received: jsonTypeOf(value) });
  }
}

/** Problems of a failed zod parse of `root`, paths into `root`. */
export function schemaProblems(issues: readonly Issue[], root: unknown): Problem[] {
  return issues.map((issue) => issueToProblem(issue, root, []));
}
