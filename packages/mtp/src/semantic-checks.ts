// What the JSON Schemas cannot say: references between parts of the file, counts that depend on other
// fields, ranges declared by tokens. Paths point into the ORIGINAL file; v1 and v2 share the layout below
// the header (`instruction.sets[i]…`, `tokens.<value>`), so one set of paths serves both. The checks of the token
// table, of a sample and of a set's guardrails are in files of their own; this one checks the sets and the file.
import { MAX_PROTOCOL_NAME_LENGTH, MAX_SET_NAME_LENGTH, MIN_SAMPLES_PER_RESULT } from './constants.js';
import { checkGuardrails } from './guardrail-checks.js';
import { modelTypeOf, setName } from './normalize.js';
import { problem, type JsonPath, type Problem } from './problems.js';
import { FINAL_KINDS, ROW_KINDS } from './protocol.js';
import { checkSample, type LineTokens } from './sample-checks.js';
import { tokenOf, type CheckResult } from './check-result.js';
import { checkTokens } from './token-checks.js';
import type { RawInstructionSet, RawProtocolFile } from './schema/protocol-schemas.js';

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

  checkGuardrails(file, set, at, ctx, out);
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
