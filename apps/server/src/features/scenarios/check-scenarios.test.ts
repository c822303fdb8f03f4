import type { Scenario } from '@greenhouse/contracts';
import type { Protocol } from '@greenhouse/mtp';
import { fixtureProtocol } from '@greenhouse/mtp/testing/files';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { checkScenarios, normalizeScenarios } from './check-scenarios.js';

// The lighthouse keeper: keeper_talks_with_sailor (reaction Chat_, a guardrail), fog_on_the_bay (Horn_, Lamp_,
// a guardrail), ship_reports_position (Warning_, a FinalNumToken; a list of two numbers from -50 to 50 on
// line 1, a number from 0 to 12 on line 2; no guardrail). Every line is two inputs.
const lighthouse = fixtureProtocol('lighthouse_2_0_1.json');

/** The lighthouse with the Horn_ token's key written as `Sound_`: its name stays Horn_. */
function withHornKey(protocol: Protocol): Protocol {
  const tokens = Object.create(null) as Protocol['tokens'];
  for (const [value, token] of Object.entries(protocol.tokens))
    tokens[value] = value === 'Horn_' ? { ...token, key: 'Sound_' } : token;
  return { ...protocol, tokens };
}

const fog: Scenario = {
  instruction: 'fog_on_the_bay',
  inputs: [{ text: 'The fog is thick as wool tonight.' }, { text: 'Where are the rocks?' }],
  expect: 'Horn_',
};
const position: Scenario = {
  instruction: 'ship_reports_position',
  inputs: [
    { text: 'This is the Marta.', numbers: [12, -8] },
    { text: 'The wind is picking up.', numbers: [3] },
  ],
  expect: 'Warning_',
};

/** What checkScenarios throws for `scenarios`: its code and params (and message), or null when they fit. */
function problem(scenarios: Scenario[], protocol = lighthouse) {
  try {
    checkScenarios(scenarios, protocol);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { code, params, message, status } = error as AppError;
    return { code, status, message, ...params };
  }
}

describe('checkScenarios', () => {
  it('accepts cases that fit the protocol', () => {
    expect(problem([fog, position, { ...fog, expect: 'refuse' }])).toBeNull();
    expect(problem([])).toBeNull();
  });

  it('names the first case that does not fit, its field and the rule, with the validation code', () => {
    const cases: [Scenario, Record<string, unknown>][] = [
      [
        { ...fog, instruction: 'fog_on_the_sea' },
        { field: 'scenarios.1.instruction', reason: 'unknown_instruction' },
      ],
      [
        { ...fog, inputs: [{ text: 'Only one line.' }] },
        { field: 'scenarios.1.inputs', reason: 'line_count', expected: 2 },
      ],
      [
        { ...position, inputs: [{ text: 'Marta.', numbers: [12] }, position.inputs[1]!] },
        { field: 'scenarios.1.inputs.0.numbers', reason: 'number_count', line: 0, expected: 2 },
      ],
      [
        { ...position, inputs: [position.inputs[0]!, { text: 'No numbers.' }] },
        { field: 'scenarios.1.inputs.1.numbers', reason: 'number_count', line: 1, expected: 1 },
      ],
      [
        { ...fog, inputs: [{ text: 'a', numbers: [1] }, { text: 'b' }] },
        { field: 'scenarios.1.inputs.0.numbers', reason: 'number_count', line: 0, expected: 0 },
      ],
      [
        { ...position, inputs: [position.inputs[0]!, { text: 'A hurricane.', numbers: [13] }] },
        { field: 'scenarios.1.inputs.1.numbers.0', reason: 'number_range', line: 1, min: 0, max: 12 },
      ],
      [
        { ...position, inputs: [{ text: 'Far out.', numbers: [0, -51] }, position.inputs[1]!] },
        { field: 'scenarios.1.inputs.0.numbers.1', reason: 'number_range', line: 0, min: -50, max: 50 },
      ],
      [
        { ...fog, expect: 'Chat_' },
        { field: 'scenarios.1.expect', reason: 'unknown_reaction' },
      ],
      [
        { ...fog, expect: 'horn_' },
        { field: 'scenarios.1.expect', reason: 'unknown_reaction' },
      ],
      [
        { ...position, expect: 'refuse' },
        { field: 'scenarios.1.expect', reason: 'cannot_refuse' },
      ],
    ];
    for (const [bad, want] of cases) {
      expect(problem([position, bad, fog])).toEqual({
        code: 'validation.required',
        status: 400,
        message: expect.stringMatching(/^Scenario 2: /) as unknown,
        index: 1,
        ...want,
        ...(want.reason === 'unknown_instruction' ? { instructions: expect.any(Array) as unknown } : {}),
        ...(want.reason === 'unknown_reaction'
          ? { reactions: expect.any(Array) as unknown, canRefuse: true }
          : {}),
      });
    }
  });

  it('says in words what was wrong and what would fit', () => {
    expect(problem([{ ...fog, expect: 'Chat_' }])).toMatchObject({
      message:
        'Scenario 1: "Chat_" is not a reaction of "fog_on_the_bay": expected one of "Horn_", "Lamp_" or "refuse".',
      reactions: [
        { key: 'Horn_', name: 'Horn_' },
        { key: 'Lamp_', name: 'Lamp_' },
      ],
    });
    expect(problem([{ ...position, expect: 'refuse' }])).toMatchObject({
      message: 'Scenario 1: the instruction "ship_reports_position" has no guardrail, so it never refuses.',
    });
  });

  it('refuses an instruction whose answer line takes numbers (a scenario cannot give them)', () => {
    const innkeeper = fixtureProtocol('innkeeper_2_0_0.json');
    const set = innkeeper.sets.find((s) => s.name === 'a_room_for_the_night')!;
    const scenario: Scenario = {
      instruction: set.name,
      inputs: set.rows.slice(0, -1).map(() => ({ text: 'A room, please.' })),
      expect: set.finalTokens[0]!,
    };
    expect(problem([scenario], innkeeper)).toMatchObject({
      field: 'scenarios.0.instruction',
      reason: 'response_numbers',
    });
  });
});

describe('normalizeScenarios', () => {
  const protocol = withHornKey(lighthouse);

  it('maps a reaction’s name or key to its key, and a refusal to "refuse"', () => {
    const expects = ['Horn_', 'Sound_', 'Lamp_', 'refuse', 'Sound_<UNK>_', 'Lamp_<UNK>_'];
    expect(
      normalizeScenarios(
        expects.map((e) => ({ ...fog, expect: e })),
        protocol,
      ).map((s) => s.expect),
    ).toEqual(['Sound_', 'Sound_', 'Lamp_', 'refuse', 'refuse', 'refuse']);
    expect(normalizeScenarios([position], protocol)).toEqual([position]);
  });

  it('throws on a case that does not fit, as checkScenarios does', () => {
    expect(() => normalizeScenarios([fog, { ...fog, expect: 'Warning_' }], protocol)).toThrow(
      expect.objectContaining({
        params: expect.objectContaining({ field: 'scenarios.1.expect' }) as unknown,
      }),
    );
  });
});
