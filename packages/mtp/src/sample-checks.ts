// The semantic checks of one sample (semantic-checks.ts): its strings, its numbers and number lists per line
// against the line's tokens and their ranges, and its result token.
import { listLength } from './normalize.js';
import { problem, type JsonPath } from './problems.js';
import { FINAL_KINDS } from './protocol.js';
import { numberListsByLine, numbersByLine } from './sample-numbers.js';
import { checkText, inRange, tokenOf, type CheckResult } from './check-result.js';
import type { RawProtocolFile, RawSample, RawTokenInfo } from './schema/protocol-schemas.js';

/** The number tokens of one line of a set, as the set's rows declare them. */
export interface LineTokens {
  /** The line's NumTokens, in row order (each takes one number). */
  nums: RawTokenInfo[];
  numNames: string[];
  /** The line's NumListTokens, in row order (each takes one list). */
  lists: RawTokenInfo[];
  listNames: string[];
}

/** Problems and warnings of sample `at` of a set whose lines have `lineTokens`. */
export function checkSample(
  file: RawProtocolFile,
  sample: RawSample,
  at: JsonPath,
  lineTokens: LineTokens[],
  rowsRight: boolean,
  ctx: Record<string, unknown>,
  out: CheckResult,
) {
  sample.strings.forEach((s, k) => checkText(s, [...at, 'strings', k], out, ctx));
  // With a wrong number of rows (reported once for the set) every sample would be "wrong" too: the
  // per-line checks wait until the rows are right.
  if (rowsRight) checkLines(sample, at, lineTokens, ctx, out);
  checkResult(file, sample, at, ctx, out);
}

function checkLines(
  sample: RawSample,
  at: JsonPath,
  lineTokens: LineTokens[],
  ctx: Record<string, unknown>,
  out: CheckResult,
) {
  const lines = lineTokens.length;
  if (sample.strings.length !== lines) {
    out.problems.push(
      problem([...at, 'strings'], 'mtp.stringsPerLine', {
        ...ctx,
        expected: lines,
        count: sample.strings.length,
      }),
    );
  }

  const numbers = numbersByLine(sample.numbers, lines);
  if (!numbers) {
    out.problems.push(problem([...at, 'numbers'], 'mtp.numbersPerLine', { ...ctx, expected: lines }));
  } else {
    const compact = Array.isArray(sample.numbers) && sample.numbers.length === 0;
    numbers.forEach((line, l) => {
      const { nums, numNames } = lineTokens[l]!;
      if (line.length !== nums.length) {
        const path = compact ? [...at, 'numbers'] : [...at, 'numbers', l];
        out.problems.push(
          problem(path, 'mtp.numbersCount', { ...ctx, line: l, expected: nums.length, count: line.length }),
        );
        return;
      }
      line.forEach((n, k) => {
        const info = nums[k]!;
        if (!inRange(n, info)) {
          out.problems.push(
            problem([...at, 'numbers', l, k], 'mtp.numberOutOfRange', {
              ...ctx,
              token: numNames[k],
              value: n,
              min: info.min_value,
              max: info.max_value,
            }),
          );
        }
      });
    });
  }

  const numberLists = numberListsByLine(sample.number_lists, lines);
  if (!numberLists) {
    out.problems.push(
      problem([...at, 'number_lists'], 'mtp.numberListsPerLine', { ...ctx, expected: lines }),
    );
  } else {
    const compact = Array.isArray(sample.number_lists) && sample.number_lists.length === 0;
    numberLists.forEach((line, l) => {
      const { lists, listNames } = lineTokens[l]!;
      if (line.length !== lists.length) {
        const path = compact ? [...at, 'number_lists'] : [...at, 'number_lists', l];
        out.problems.push(
          problem(path, 'mtp.numberListsCount', {
            ...ctx,
            line: l,
            expected: lists.length,
            count: line.length,
          }),
        );
        return;
      }
      line.forEach((list, k) => {
        const info = lists[k]!;
        const expected = listLength(info);
        if (expected !== null && list.length !== expected) {
          out.problems.push(
            problem([...at, 'number_lists', l, k], 'mtp.numberListLength', {
              ...ctx,
              token: listNames[k],
              expected,
              length: list.length,
            }),
          );
        }
        list.forEach((n, e) => {
          if (!inRange(n, info)) {
            out.problems.push(
              problem([...at, 'number_lists', l, k, e], 'mtp.numberOutOfRange', {
                ...ctx,
                token: listNames[k],
                value: n,
                min: info.min_value,
                max: info.max_value,
              }),
            );
          }
        });
      });
    });
  }
}

function checkResult(
  file: RawProtocolFile,
  sample: RawSample,
  at: JsonPath,
  ctx: Record<string, unknown>,
  out: CheckResult,
) {
  const result = tokenOf(file, sample.result);
  if (!result) {
    out.problems.push(problem([...at, 'result'], 'mtp.unknownToken', { ...ctx, token: sample.result }));
  } else if (!FINAL_KINDS.includes(result.type)) {
    out.problems.push(
      problem([...at, 'result'], 'mtp.resultNotFinal', { ...ctx, token: sample.result, kind: result.type }),
    );
  } else if (result.type === 'FinalNumToken') {
    if (typeof sample.value !== 'number') {
      out.problems.push(problem([...at, 'value'], 'mtp.finalValueMissing', { ...ctx, token: sample.result }));
    } else if (!inRange(sample.value, result)) {
      out.problems.push(
        problem([...at, 'value'], 'mtp.numberOutOfRange', {
          ...ctx,
          token: sample.result,
          value: sample.value,
          min: result.min_value,
          max: result.max_value,
        }),
      );
    }
  } else if (sample.value !== undefined && sample.value !== null) {
    out.warnings.push(problem([...at, 'value'], 'mtp.valueIgnored', { ...ctx, token: sample.result }));
  }
  if (typeof sample.prompt === 'string' && sample.prompt !== '') {
    out.warnings.push(problem([...at, 'prompt'], 'mtp.promptIgnored', ctx));
  }
}
