// What every semantic check shares (semantic-checks.ts): the result it adds to, the rules of a text the model reads
// or writes, and the look-up of a token with its declared range.
import { SPECIAL_STRINGS } from './constants.js';
import { problem, type JsonPath, type Problem } from './problems.js';
import type { RawProtocolFile, RawTokenInfo } from './schema/protocol-schemas.js';

const LINE_BREAK_RE = /[\r\n]/;

export interface CheckResult {
  problems: Problem[];
  warnings: Problem[];
}

function reservedIn(text: string): string | undefined {
  return SPECIAL_STRINGS.find((marker) => text.includes(marker));
}

/** Problems and warnings of a text the model will read or write (a sample string, a bad output…). */
export function checkText(
  text: string,
  path: JsonPath,
  out: CheckResult,
  params: Record<string, unknown> = {},
) {
  const marker = reservedIn(text);
  if (marker) out.problems.push(problem(path, 'mtp.reservedString', { ...params, marker }));
  if (LINE_BREAK_RE.test(text)) out.warnings.push(problem(path, 'mtp.lineBreakInString', params));
}

export const tokenOf = (file: RawProtocolFile, value: string): RawTokenInfo | undefined =>
  Object.hasOwn(file.tokens, value) ? file.tokens[value] : undefined;

export function inRange(n: number, info: RawTokenInfo): boolean {
  const { min_value: min, max_value: max } = info;
  // A token without a range was reported already (mtp.numRangeMissing); do not pile up problems.
  return typeof min !== 'number' || typeof max !== 'number' || (n >= min && n <= max);
}
