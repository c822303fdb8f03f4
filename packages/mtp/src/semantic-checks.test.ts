// Each semantic check: its key, params, message and the path into the original file.
import { describe, expect, it } from 'vitest';
import { fixtureJson } from '../test/support/testing.js';
import { MAX_PROTOCOL_NAME_LENGTH, MAX_SET_NAME_LENGTH } from './constants.js';
import { parseProtocol } from './parse.js';
import type { Problem } from './problems.js';
import { toJsonPointer } from './problems.js';

interface RawSample {
  strings: string[];
  numbers: unknown;
  number_lists: unknown;
  result: string;
  prompt?: string | null;
  value?: unknown;
}
interface RawGuardrail {
  index: number;
  bad_output: string;
  bad_examples?: string[];
}
interface RawSet {
  name?: string | null;
  set: string[][];
  samples: RawSample[];
  guardrails: RawGuardrail[];
}
interface RawToken {
  key: string;
  type: string;
  min_value?: number | null;
  max_value?: number | null;
  length?: number | null;
  num_list: number;
}
interface RawDoc {
  name: string;
  inputs: number;
  tokens: Record<string, RawToken>;
  instruction: { memory: number; sets: RawSet[] };
  [key: string]: unknown;
}

const lighthouse = () => fixtureJson('lighthouse_2_0_1.json');
const innkeeperV1 = () => fixtureJson('innkeeper_1_2_0.json');

/** Problems of the lighthouse fixture (or of `base`) after `change`. */
function check(change: (doc: RawDoc) => void, base: () => unknown = lighthouse): Problem[] {
  const doc = base() as RawDoc;
  change(doc);
  const result = parseProtocol(doc);
  return result.ok ? [] : result.problems;
}

function warningsOf(change: (doc: RawDoc) => void, base: () => unknown = lighthouse): Problem[] {
  const doc = base() as RawDoc;
  change(doc);
  const result = parseProtocol(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.warnings;
}

const brief = (problems: Problem[]) => problems.map((p) => [p.key, p.pointer]);
const sets = (doc: RawDoc) => doc.instruction.sets;
const numeric = (doc: RawDoc) => sets(doc)[2]!;

describe('token references', () => {
  it('mtp.unknownToken: a row names a token that is not defined', () => {
    const [p, ...rest] = check((doc) => (sets(doc)[0]!.set[1]![2] = 'Bob_'));
    expect(rest).toEqual([]);
    expect(p).toEqual({
      path: ['instruction', 'sets', 0, 'set', 1, 2],
      pointer: '/instruction/sets/0/set/1/2',
      key: 'mtp.unknownToken',
      message: 'The token "Bob_" is not defined in "tokens" (set "keeper_talks_with_sailor").',
      params: { set: 0, setName: 'keeper_talks_with_sailor', token: 'Bob_' },
    });
  });

  it('mtp.unknownToken: a result names a token that is not defined (v1 messages number the set)', () => {
    const problems = check((doc) => (sets(doc)[0]!.samples[4]!.result = 'Gone_'), innkeeperV1);
    expect(brief(problems)).toEqual([
      ['mtp.unknownToken', '/instruction/sets/0/samples/4/result'],
      // Refuse_ is left with two samples.
      ['mtp.tooFewSamplesForResult', '/instruction/sets/0/samples'],
    ]);
    expect(problems[0]!.message).toBe('The token "Gone_" is not defined in "tokens" (set 1).');
  });

  it('mtp.resultNotFinal: a result must be a final token', () => {
    const problems = check((doc) => {
      for (const s of sets(doc)[0]!.samples) s.result = 'Keeper_';
    });
    expect(brief(problems)).toEqual([
      ['mtp.resultNotFinal', '/instruction/sets/0/samples/0/result'],
      ['mtp.resultNotFinal', '/instruction/sets/0/samples/1/result'],
      ['mtp.resultNotFinal', '/instruction/sets/0/samples/2/result'],
      ['mtp.resultNotFinal', '/instruction/sets/0/samples/3/result'],
    ]);
    expect(problems[0]!.params).toMatchObject({ token: 'Keeper_', kind: 'Token' });
  });

  it('accepts a SpecialFinalToken (<NON>) as a result', () => {
    expect(
      check((doc) => {
        for (const s of sets(doc)[0]!.samples) s.result = '<NON>';
      }),
    ).toEqual([]);
  });

  it('mtp.tokenNotAllowedInRow: rows take Token, NumToken and NumListToken only', () => {
    const problems = check((doc) => {
      sets(doc)[0]!.set[2]!.push('Chat_');
      sets(doc)[0]!.set[0]!.push('<BOS>');
    });
    expect(brief(problems)).toEqual([
      ['mtp.tokenNotAllowedInRow', '/instruction/sets/0/set/0/3'],
      ['mtp.tokenNotAllowedInRow', '/instruction/sets/0/set/2/3'],
    ]);
    expect(problems.map((p) => p.params.kind)).toEqual(['SpecialToken', 'FinalToken']);
  });

  it('mtp.emptyRow', () => {
    expect(brief(check((doc) => (sets(doc)[0]!.set[1] = []))).slice(0, 1)).toEqual([
      ['mtp.emptyRow', '/instruction/sets/0/set/1'],
    ]);
  });
});

describe('lines', () => {
  it('mtp.memoryMismatch: memory is inputs + 1', () => {
    const problems = check((doc) => (doc.instruction.memory = 4));
    expect(problems).toMatchObject([
      {
        key: 'mtp.memoryMismatch',
        pointer: '/instruction/memory',
        params: { memory: 4, inputs: 2, expected: 3 },
      },
    ]);
  });

  it('mtp.setRowCount: one row per line', () => {
    const problems = check((doc) => sets(doc)[0]!.set.pop());
    // Only once: the samples' per-line checks wait until the rows are right.
    expect(problems).toMatchObject([
      {
        key: 'mtp.setRowCount',
        pointer: '/instruction/sets/0/set',
        params: { expected: 3, count: 2 },
        message:
          'The set needs one token row per line — 3 rows (the input lines, then the response line) — but has 2 (set "keeper_talks_with_sailor").',
      },
    ]);
  });

  it('mtp.stringsPerLine: exactly one string per line', () => {
    const problems = check((doc) => sets(doc)[0]!.samples[1]!.strings.pop());
    expect(problems).toEqual([
      {
        path: ['instruction', 'sets', 0, 'samples', 1, 'strings'],
        pointer: '/instruction/sets/0/samples/1/strings',
        key: 'mtp.stringsPerLine',
        message:
          'A sample needs exactly one string per line: 3 (the input lines, then the response), but has 2 (set "keeper_talks_with_sailor").',
        params: { set: 0, setName: 'keeper_talks_with_sailor', expected: 3, count: 2 },
      },
    ]);
  });

  it('mtp.reservedString: a sample string must not contain a control token', () => {
    const problems = check((doc) => (sets(doc)[0]!.samples[0]!.strings[2] = 'Done. <EOS>'));
    expect(problems).toMatchObject([
      {
        key: 'mtp.reservedString',
        pointer: '/instruction/sets/0/samples/0/strings/2',
        params: { marker: '<EOS>' },
      },
    ]);
  });
});

describe('numbers', () => {
  it('mtp.numberOutOfRange: a NumToken number outside its range', () => {
    const problems = check((doc) => (numeric(doc).samples[1]!.numbers = [[], [13], []]));
    expect(problems).toEqual([
      {
        path: ['instruction', 'sets', 2, 'samples', 1, 'numbers', 1, 0],
        pointer: '/instruction/sets/2/samples/1/numbers/1/0',
        key: 'mtp.numberOutOfRange',
        message: 'The number 13 for "Wind_" is outside its range 0…12 (set "ship_reports_position").',
        params: {
          set: 2,
          setName: 'ship_reports_position',
          token: 'Wind_',
          value: 13,
          min: 0,
          max: 12,
        },
      },
    ]);
  });

  it('mtp.numberOutOfRange: a number list element outside the range', () => {
    const problems = check((doc) => (numeric(doc).samples[0]!.number_lists = [[[12, -51]], [], []]));
    expect(problems).toMatchObject([
      {
        key: 'mtp.numberOutOfRange',
        pointer: '/instruction/sets/2/samples/0/number_lists/0/0/1',
        params: { token: 'Position_', value: -51, min: -50, max: 50 },
      },
    ]);
  });

  it('accepts the range bounds themselves', () => {
    expect(
      check((doc) => {
        numeric(doc).samples[0]!.numbers = [[], [0], []];
        numeric(doc).samples[1]!.numbers = [[], [12], []];
        numeric(doc).samples[2]!.number_lists = [[[-50, 50]], [], []];
      }),
    ).toEqual([]);
  });

  it('mtp.numberListLength: a list of the token length', () => {
    const problems = check((doc) => (numeric(doc).samples[2]!.number_lists = [[[1, 2, 3]], [], []]));
    expect(problems).toMatchObject([
      {
        key: 'mtp.numberListLength',
        pointer: '/instruction/sets/2/samples/2/number_lists/0/0',
        params: { token: 'Position_', expected: 2, length: 3 },
        message: 'The list for "Position_" must have 2 numbers, not 3 (set "ship_reports_position").',
      },
    ]);
  });

  it('mtp.numbersCount / mtp.numberListsCount: one number per NumToken, one list per NumListToken', () => {
    const problems = check((doc) => {
      numeric(doc).samples[0]!.numbers = [[], [], []];
      numeric(doc).samples[0]!.number_lists = [[], [], []];
      sets(doc)[0]!.samples[0]!.numbers = [[1], [], []];
    });
    expect(problems).toMatchObject([
      {
        key: 'mtp.numbersCount',
        pointer: '/instruction/sets/0/samples/0/numbers/0',
        params: { line: 0, expected: 0, count: 1 },
      },
      {
        key: 'mtp.numbersCount',
        pointer: '/instruction/sets/2/samples/0/numbers/1',
        params: { line: 1, expected: 1, count: 0 },
      },
      {
        key: 'mtp.numberListsCount',
        pointer: '/instruction/sets/2/samples/0/number_lists/0',
        params: { line: 0, expected: 1, count: 0 },
      },
    ]);
    expect(problems[1]!.message).toBe(
      'Line 2 has 1 NumToken, so it needs 1 number, not 0 (set "ship_reports_position").',
    );
  });

  it('takes [] as "no numbers on any line"', () => {
    expect(
      check((doc) => {
        for (const s of sets(doc)[0]!.samples) [s.numbers, s.number_lists] = [[], []];
      }),
    ).toEqual([]);
    expect(brief(check((doc) => (numeric(doc).samples[0]!.numbers = [])))).toEqual([
      ['mtp.numbersCount', '/instruction/sets/2/samples/0/numbers'],
    ]);
  });

  it('mtp.numbersPerLine / mtp.numberListsPerLine: other layouts the schema allows', () => {
    const problems = check((doc) => {
      numeric(doc).samples[0]!.numbers = 5;
      numeric(doc).samples[1]!.numbers = [7];
      numeric(doc).samples[2]!.number_lists = [12, -8];
    });
    expect(brief(problems)).toEqual([
      ['mtp.numbersPerLine', '/instruction/sets/2/samples/0/numbers'],
      ['mtp.numbersPerLine', '/instruction/sets/2/samples/1/numbers'],
      ['mtp.numberListsPerLine', '/instruction/sets/2/samples/2/number_lists'],
    ]);
    expect(problems[0]!.params).toMatchObject({ expected: 3 });
  });

  it("mtp.finalValueMissing / mtp.numberOutOfRange: a FinalNumToken result's value", () => {
    const problems = check((doc) => {
      numeric(doc).samples[0]!.value = null;
      delete numeric(doc).samples[1]!.value;
      numeric(doc).samples[2]!.value = 5.5;
    });
    expect(brief(problems)).toEqual([
      ['mtp.finalValueMissing', '/instruction/sets/2/samples/0/value'],
      ['mtp.finalValueMissing', '/instruction/sets/2/samples/1/value'],
      ['mtp.numberOutOfRange', '/instruction/sets/2/samples/2/value'],
    ]);
    expect(problems[2]!.params).toMatchObject({ token: 'Warning_', value: 5.5, min: 0, max: 5 });
  });
});

describe('samples', () => {
  it('mtp.tooFewSamples: at least 3 samples per set', () => {
    const problems = check((doc) => sets(doc)[0]!.samples.splice(1));
    expect(problems).toEqual([
      {
        path: ['instruction', 'sets', 0, 'samples'],
        pointer: '/instruction/sets/0/samples',
        key: 'mtp.tooFewSamples',
        message: 'An instruction set needs at least 3 samples; this one has 1.',
        params: { minimum: 3, count: 1 },
      },
    ]);
  });

  it('mtp.tooFewSamplesForResult: at least 3 samples per result of a set', () => {
    const problems = check((doc) => (sets(doc)[1]!.samples[4]!.result = 'Horn_'));
    expect(problems).toMatchObject([
      {
        key: 'mtp.tooFewSamplesForResult',
        pointer: '/instruction/sets/1/samples',
        params: { token: 'Lamp_', count: 2, minimum: 3 },
        message:
          'The result "Lamp_" has 2 samples; every result of a set needs at least 3 (set "fog_on_the_bay").',
      },
    ]);
  });
});

describe('guardrails', () => {
  const guardrail = (doc: RawDoc) => sets(doc)[0]!.guardrails[0]!;

  it('mtp.tooFewBadExamples: at least 3 (schema), and the list is needed (semantic)', () => {
    expect(check((doc) => guardrail(doc).bad_examples!.pop())).toMatchObject([
      {
        key: 'mtp.tooFewBadExamples',
        pointer: '/instruction/sets/0/guardrails/0/bad_examples',
        params: { minimum: 3, count: 2 },
        message: 'A guardrail needs at least 3 bad examples; this one has 2.',
      },
    ]);
    expect(check((doc) => delete guardrail(doc).bad_examples)).toMatchObject([
      {
        key: 'mtp.tooFewBadExamples',
        pointer: '/instruction/sets/0/guardrails/0/bad_examples',
        params: { minimum: 3, count: 0 },
      },
    ]);
  });

  it('mtp.badExampleHasDigits: no digits in bad examples, in any script', () => {
    const problems = check((doc) => {
      guardrail(doc).bad_examples![0] = 'what is 2 plus 2?';
      guardrail(doc).bad_examples![2] = 'count to ٣';
    });
    expect(brief(problems)).toEqual([
      ['mtp.badExampleHasDigits', '/instruction/sets/0/guardrails/0/bad_examples/0'],
      ['mtp.badExampleHasDigits', '/instruction/sets/0/guardrails/0/bad_examples/2'],
    ]);
    expect(problems[0]!.message).toBe(
      'The bad example "what is 2 plus 2?" contains digits, which are not allowed.',
    );
  });

  it('mtp.badExampleEmpty', () => {
    expect(brief(check((doc) => (guardrail(doc).bad_examples![1] = '  ')))).toEqual([
      ['mtp.badExampleEmpty', '/instruction/sets/0/guardrails/0/bad_examples/1'],
    ]);
  });

  it('mtp.guardrailLine / mtp.duplicateGuardrailLine: a guardrail watches one input line', () => {
    expect(check((doc) => (guardrail(doc).index = 2))).toMatchObject([
      {
        key: 'mtp.guardrailLine',
        pointer: '/instruction/sets/0/guardrails/0/index',
        params: { index: 2, maxIndex: 1 },
      },
    ]);
    expect(brief(check((doc) => sets(doc)[0]!.guardrails.push(structuredClone(guardrail(doc)))))).toEqual([
      ['mtp.duplicateGuardrailLine', '/instruction/sets/0/guardrails/1/index'],
    ]);
  });

  it('mtp.reservedString: the bad output must not contain a control token', () => {
    expect(brief(check((doc) => (guardrail(doc).bad_output = 'No. <UNK>_')))).toEqual([
      ['mtp.reservedString', '/instruction/sets/0/guardrails/0/bad_output'],
    ]);
  });
});

describe('tokens', () => {
  it('mtp.tokenKeyInvalid: letters, digits, underscores and emoji only', () => {
    const problems = check((doc) => {
      doc.tokens['Keeper_']!.key = 'Keeper <1>';
      doc.tokens['Sailor_']!.key = 'Sæilor_⛵';
      doc.tokens['Cape_']!.key = '🏳️‍🌈_';
    });
    expect(problems).toMatchObject([
      { key: 'mtp.tokenKeyInvalid', pointer: '/tokens/Keeper_/key', params: { key: 'Keeper <1>' } },
    ]);
  });

  it('escapes token names in JSON pointers', () => {
    const problems = check((doc) => {
      doc.tokens['Odd/Name~'] = {
        key: 'odd key',
        num: false,
        num_list: 0,
        type: 'Token',
      } as unknown as RawToken;
    });
    expect(problems.map((p) => [p.path, p.pointer])).toEqual([
      [['tokens', 'Odd/Name~', 'key'], '/tokens/Odd~1Name~0/key'],
    ]);
    expect(toJsonPointer(['a/b', '~', 0])).toBe('/a~1b/~0/0');
    expect(toJsonPointer([])).toBe('');
  });

  it('mtp.duplicateTokenKey: two tokens with one key', () => {
    expect(check((doc) => (doc.tokens['Sailor_']!.key = 'Keeper_'))).toMatchObject([
      {
        key: 'mtp.duplicateTokenKey',
        pointer: '/tokens/Sailor_/key',
        params: { key: 'Keeper_', tokens: ['Keeper_', 'Sailor_'] },
      },
    ]);
  });

  it('mtp.numRangeMissing / mtp.numRangeInverted', () => {
    const problems = check((doc) => {
      doc.tokens['Wind_']!.max_value = null;
      doc.tokens['Warning_']!.min_value = 6;
    });
    expect(brief(problems)).toEqual([
      // In the order of the file's tokens.
      ['mtp.numRangeInverted', '/tokens/Warning_/min_value'],
      ['mtp.numRangeMissing', '/tokens/Wind_'],
      // Warning_ values are now below its minimum.
      ['mtp.numberOutOfRange', '/instruction/sets/2/samples/0/value'],
      ['mtp.numberOutOfRange', '/instruction/sets/2/samples/1/value'],
      ['mtp.numberOutOfRange', '/instruction/sets/2/samples/2/value'],
      ['mtp.numberOutOfRange', '/instruction/sets/2/samples/3/value'],
    ]);
  });

  it('mtp.numListLengthMissing / mtp.numListLengthConflict, and num_list as the length fallback', () => {
    expect(
      brief(
        check((doc) => {
          doc.tokens['Position_']!.length = null;
          doc.tokens['Position_']!.num_list = 0;
        }),
      ).slice(0, 1),
    ).toEqual([['mtp.numListLengthMissing', '/tokens/Position_']]);
    expect(brief(check((doc) => (doc.tokens['Position_']!.num_list = 3)))).toEqual([
      ['mtp.numListLengthConflict', '/tokens/Position_/num_list'],
    ]);
    expect(check((doc) => (doc.tokens['Position_']!.length = null))).toEqual([]);
  });
});

describe('names', () => {
  it(`mtp.nameTooLong: the agent name has at most ${MAX_PROTOCOL_NAME_LENGTH} characters`, () => {
    expect(check((doc) => (doc.name = 'a'.repeat(MAX_PROTOCOL_NAME_LENGTH)))).toEqual([]);
    expect(check((doc) => (doc.name = 'a'.repeat(MAX_PROTOCOL_NAME_LENGTH + 1)))).toEqual([
      {
        path: ['name'],
        pointer: '/name',
        key: 'mtp.nameTooLong',
        message: 'The agent name may have at most 128 characters (it has 129).',
        params: { maximum: 128, length: 129 },
      },
    ]);
  });

  it(`mtp.setNameTooLong: a set name has at most ${MAX_SET_NAME_LENGTH} characters`, () => {
    expect(brief(check((doc) => (sets(doc)[1]!.name = 's'.repeat(MAX_SET_NAME_LENGTH + 1))))).toEqual([
      ['mtp.setNameTooLong', '/instruction/sets/1/name'],
    ]);
  });

  it('mtp.duplicateSetName: names are unique, generated ones included', () => {
    const problems = check((doc) => (sets(doc)[2]!.name = sets(doc)[0]!.name));
    expect(problems).toMatchObject([
      {
        key: 'mtp.duplicateSetName',
        pointer: '/instruction/sets/2/name',
        params: { name: 'keeper_talks_with_sailor', sets: [0, 2] },
        message:
          'Two instruction sets are named "keeper_talks_with_sailor"; set names must be unique (sets 1, 3).',
      },
    ]);
    expect(
      brief(
        check((doc) => {
          doc.$schema = 'https://mtp.schemas.databiomes.com/v1/bloom_1_2_1.json';
          sets(doc)[0]!.name = 'set_2';
        }, innkeeperV1),
      ),
    ).toEqual([['mtp.duplicateSetName', '/instruction/sets/1']]);
  });
});

describe('warnings', () => {
  it('mtp.valueIgnored: a value on a sample whose result is not a FinalNumToken', () => {
    expect(warningsOf((doc) => (sets(doc)[0]!.samples[0]!.value = 3))).toMatchObject([
      {
        key: 'mtp.valueIgnored',
        pointer: '/instruction/sets/0/samples/0/value',
        params: { token: 'Chat_' },
      },
    ]);
  });

  it('mtp.promptIgnored and mtp.lineBreakInString', () => {
    const warnings = warningsOf((doc) => {
      sets(doc)[0]!.samples[1]!.prompt = 'Say something.';
      sets(doc)[0]!.samples[2]!.strings[0] = 'Two\nlines';
    });
    expect(brief(warnings)).toEqual([
      ['mtp.promptIgnored', '/instruction/sets/0/samples/1/prompt'],
      ['mtp.lineBreakInString', '/instruction/sets/0/samples/2/strings/0'],
    ]);
  });

  it('the rich fixture (emoji key, compact numbers, float range) has none', () => {
    expect(
      warningsOf(
        () => undefined,
        () => fixtureJson('rich_2_0_1.json'),
      ),
    ).toEqual([]);
  });
});
