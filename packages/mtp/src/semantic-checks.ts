// What the JSON Schemas cannot say: references between parts of the file, counts that depend on other
// fields, ranges declared by tokens. Paths point into the ORIGINAL file; v1 and v2 share the layout below
// the header (`instruction.sets[i]…`, `tokens.<value>`), so one set of paths serves both.
import {
  MAX_PROTOCOL_NAME_LENGTH,
  MAX_SET_NAME_LENGTH,
  MIN_BAD_EXAMPLES,
  MIN_SAMPLES_PER_RESULT,
  SPECIAL_STRINGS,
} from './constants.js';
import { listLength, modelTypeOf, setName } from './normalize.js';
import { problem, type JsonPath, type Problem } from './problems.js';
import { FINAL_KINDS, ROW_KINDS, type TokenKind } from './protocol.js';
import { numberListsByLine, numbersByLine } from './sample-numbers.js';
import type {
  RawInstructionSet,
  RawProtocolFile,
  RawSample,
  RawTokenInfo,
} from './schema/protocol-schemas.js';

// Token keys are written into the model's lines, right before number slots and the `<UNK>_` mark, so
// they keep to the official rule (letters, digits, underscore, emoji): no spaces, line breaks or '<'.
// Special tokens (<BOS>, …) are the exception by design.
// Emoji sequences also join with ZWJ (U+200D), VS16 (U+FE0F), the keycap mark (U+20E3) and tag characters.
const TOKEN_KEY_RE =
  /^(?:[\p{L}\p{N}_\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]|\u200D|\uFE0F|\u20E3|[\u{E0020}-\u{E007F}])+$/u;
const DIGIT_RE = /\p{Nd}/u;
const LINE_BREAK_RE = /[\r\n]/;

export interface CheckResult {
  problems: Problem[];
  warnings: Problem[];
}

const SETS: JsonPath = ['instruction', 'sets'];

/**
 * Checks that need only the header, so they run even when the schema check failed: the model type
 * (only generative models are trained here) and the agent name's length.
 */
export function headerProblems(file: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const modelType = modelTypeOf(file);
  if (modelType === 'state_machine' || modelType === 'multi_classifier') {
    const at = typeof file.model_type === 'string' ? 'model_type' : 'state_machine';
    problems.push(problem([at], 'mtp.modelTypeNotSupported', { modelType }));
  }
  if (typeof file.name === 'string' && file.name.length > MAX_PROTOCOL_NAME_LENGTH) {
    problems.push(
      problem(['name'], 'mtp.nameTooLong', { maximum: MAX_PROTOCOL_NAME_LENGTH, length: file.name.length }),
    );
  }
  return problems;
}

function reservedIn(text: string): string | undefined {
  return SPECIAL_STRINGS.find((marker) => text.includes(marker));
}

/** Problems and warnings of a text the model will read or write (a sample string, a bad output…). */
function checkText(text: string, path: JsonPath, out: CheckResult, params: Record<string, unknown> = {}) {
  const marker = reservedIn(text);
  if (marker) out.problems.push(problem(path, 'mtp.reservedString', { ...params, marker }));
  if (LINE_BREAK_RE.test(text)) out.warnings.push(problem(path, 'mtp.lineBreakInString', params));
}

function checkTokens(file: RawProtocolFile, out: CheckResult) {
  const byKey = new Map<string, string[]>();
  for (const [value, info] of Object.entries(file.tokens)) {
    const at: JsonPath = ['tokens', value];
    const kind = info.type as TokenKind;
    if (kind !== 'SpecialToken' && kind !== 'SpecialFinalToken' && !TOKEN_KEY_RE.test(info.key)) {
      out.problems.push(problem([...at, 'key'], 'mtp.tokenKeyInvalid', { token: value, key: info.key }));
    }
    byKey.set(info.key, [...(byKey.get(info.key) ?? []), value]);

    if (kind === 'NumToken' || kind === 'NumListToken' || kind === 'FinalNumToken') {
      const min = info.min_value;
      const max = info.max_value;
      if (typeof min !== 'number' || typeof max !== 'number') {
        out.problems.push(problem(at, 'mtp.numRangeMissing', { token: value, kind }));
      } else if (min > max) {
        out.problems.push(problem([...at, 'min_value'], 'mtp.numRangeInverted', { token: value, min, max }));
      }
    }
    if (kind === 'NumListToken') {
      const length = listLength(info);
      if (length === null || length < 1) {
        out.problems.push(problem(at, 'mtp.numListLengthMissing', { token: value }));
      } else if (typeof info.length === 'number' && info.num_list > 0 && info.num_list !== info.length) {
        out.problems.push(
          problem([...at, 'num_list'], 'mtp.numListLengthConflict', {
            token: value,
            length: info.length,
            numList: info.num_list,
          }),
        );
      }
    }
  }
  for (const [key, values] of byKey) {
    if (values.length > 1) {
      out.problems.push(
        problem(['tokens', values[1]!, 'key'], 'mtp.duplicateTokenKey', { key, tokens: values }),
      );
    }
  }
}

interface LineTokens {
  /** The line's NumTokens, in row order (each takes one number). */
  nums: RawTokenInfo[];
  numNames: string[];
  /** The line's NumListTokens, in row order (each takes one list). */
  lists: RawTokenInfo[];
  listNames: string[];
}

const tokenOf = (file: RawProtocolFile, value: string): RawTokenInfo | undefined =>
  Object.hasOwn(file.tokens, value) ? file.tokens[value] : undefined;

function inRange(n: number, info: RawTokenInfo): boolean {
  const { min_value: min, max_value: max } = info;
  // A token without a range was reported already (mtp.numRangeMissing); do not pile up problems.
  return typeof min !== 'number' || typeof max !== 'number' || (n >= min && n <= max);
}

function checkSample(
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

function checkSet(file: RawProtocolFile, set: RawInstructionSet, i: number, out: CheckResult) {
  const at: JsonPath = [...SETS, i];
  const { name, named } = setName(set, i);
  const ctx: Record<string, unknown> = named ? { set: i, setName: name } : { set: i };

  if (named && name.length > MAX_SET_NAME_LENGTH) {
    out.problems.push(
      problem([...at, 'name'], 'mtp.setNameTooLong', {
        ...ctx,
        maximum: MAX_SET_NAME_LENGTH,
        length: name.length,
      }),
    );
  }

  const expectedRows = file.inputs + 1;
  const rowsRight = set.set.length === expectedRows;
  if (!rowsRight) {
    out.problems.push(
      problem([...at, 'set'], 'mtp.setRowCount', { ...ctx, expected: expectedRows, count: set.set.length }),
    );
  }

  const lineTokens: LineTokens[] = set.set.map((row, line) => {
    const lt: LineTokens = { nums: [], numNames: [], lists: [], listNames: [] };
    if (row.length === 0) out.problems.push(problem([...at, 'set', line], 'mtp.emptyRow', { ...ctx, line }));
    row.forEach((value, pos) => {
      const info = tokenOf(file, value);
      if (!info) {
        out.problems.push(problem([...at, 'set', line, pos], 'mtp.unknownToken', { ...ctx, token: value }));
      } else if (!ROW_KINDS.includes(info.type)) {
        out.problems.push(
          problem([...at, 'set', line, pos], 'mtp.tokenNotAllowedInRow', {
            ...ctx,
            token: value,
            kind: info.type,
          }),
        );
      } else if (info.type === 'NumToken') {
        lt.nums.push(info);
        lt.numNames.push(value);
      } else if (info.type === 'NumListToken') {
        lt.lists.push(info);
        lt.listNames.push(value);
      }
    });
    return lt;
  });

  set.samples.forEach((sample, j) =>
    checkSample(file, sample, [...at, 'samples', j], lineTokens, rowsRight, ctx, out),
  );

  const perResult = new Map<string, number>();
  for (const s of set.samples) perResult.set(s.result, (perResult.get(s.result) ?? 0) + 1);
  for (const [token, count] of perResult) {
    const info = tokenOf(file, token);
    if (info && FINAL_KINDS.includes(info.type) && count < MIN_SAMPLES_PER_RESULT) {
      out.problems.push(
        problem([...at, 'samples'], 'mtp.tooFewSamplesForResult', {
          ...ctx,
          token,
          count,
          minimum: MIN_SAMPLES_PER_RESULT,
        }),
      );
    }
  }

  const inputLines = file.inputs;
  const guarded = new Set<number>();
  (set.guardrails ?? []).forEach((g, k) => {
    const gat: JsonPath = [...at, 'guardrails', k];
    if (g.index >= inputLines) {
      out.problems.push(
        problem([...gat, 'index'], 'mtp.guardrailLine', { ...ctx, index: g.index, maxIndex: inputLines - 1 }),
      );
    } else if (guarded.has(g.index)) {
      out.problems.push(problem([...gat, 'index'], 'mtp.duplicateGuardrailLine', { ...ctx, index: g.index }));
    }
    guarded.add(g.index);
    checkText(g.bad_output, [...gat, 'bad_output'], out, ctx);
    // `bad_examples` is optional in the schema (which checks minItems only when it is there).
    if (g.bad_examples === undefined) {
      out.problems.push(
        problem([...gat, 'bad_examples'], 'mtp.tooFewBadExamples', {
          ...ctx,
          minimum: MIN_BAD_EXAMPLES,
          count: 0,
        }),
      );
    }
    (g.bad_examples ?? []).forEach((example, e) => {
      const eat: JsonPath = [...gat, 'bad_examples', e];
      // The official library refuses digits in bad examples (Guardrail.add_sample); numbers in the
      // model's input belong to number slots.
      if (example.trim() === '') out.problems.push(problem(eat, 'mtp.badExampleEmpty', ctx));
      else if (DIGIT_RE.test(example))
        out.problems.push(problem(eat, 'mtp.badExampleHasDigits', { ...ctx, example }));
      checkText(example, eat, out, ctx);
    });
  });
}

/** Every semantic check of a file that passed its schema. Problems in document order. */
export function semanticChecks(file: RawProtocolFile): CheckResult {
  const out: CheckResult = { problems: [], warnings: [] };
  checkTokens(file, out);

  if (file.instruction.memory !== file.inputs + 1) {
    out.problems.push(
      problem(['instruction', 'memory'], 'mtp.memoryMismatch', {
        memory: file.instruction.memory,
        inputs: file.inputs,
        expected: file.inputs + 1,
      }),
    );
  }

  const sets = file.instruction.sets as RawInstructionSet[];
  const names = new Map<string, number[]>();
  sets.forEach((set, i) => {
    checkSet(file, set, i, out);
    const { name } = setName(set, i);
    names.set(name, [...(names.get(name) ?? []), i]);
  });
  for (const [name, indexes] of names) {
    if (indexes.length > 1) {
      const second = indexes[1]!;
      const path = typeof sets[second]!.name === 'string' ? [...SETS, second, 'name'] : [...SETS, second];
      out.problems.push(problem(path, 'mtp.duplicateSetName', { name, sets: indexes }));
    }
  }
  return out;
}
