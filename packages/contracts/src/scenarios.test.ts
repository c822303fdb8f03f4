import { describe, expect, it } from 'vitest';
import { scenariosRequestSchema } from './requests.js';
import {
  SCENARIO_TEXT_MAX,
  SCENARIOS_MAX,
  scenarioResultSchema,
  scenariosDocumentSchema,
  summarizeScenarioResults,
} from './scenarios.js';

const scenario = {
  instruction: 'fog_on_the_bay',
  inputs: [{ text: 'The fog is thick.' }, { text: 'Where are the rocks?', numbers: [3] }],
  expect: 'Horn_',
};
const doc = { gateDownload: true, scenarios: [scenario] };

/** The first issue as the API reports it: its field and message (an error code), or null when valid. */
function firstIssue(value: unknown) {
  const r = scenariosRequestSchema.safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0]!;
  return { field: issue.path.join('.'), message: issue.message, code: issue.code };
}

describe('scenariosRequestSchema', () => {
  it('takes a document, trimming its texts', () => {
    const parsed = scenariosRequestSchema.parse({
      ...doc,
      scenarios: [{ ...scenario, instruction: ' fog_on_the_bay ', expect: ' Horn_' }],
    });
    expect(parsed).toEqual(doc);
    expect(firstIssue({ gateDownload: false, scenarios: [] })).toBeNull();
  });

  it('names the field and code of the first problem', () => {
    const cases: [unknown, { field: string; message?: string }][] = [
      [{ scenarios: [] }, { field: 'gateDownload', message: 'validation.required' }],
      [
        { ...doc, scenarios: [scenario, { ...scenario, instruction: '  ' }] },
        { field: 'scenarios.1.instruction', message: 'validation.required' },
      ],
      [
        { ...doc, scenarios: [{ ...scenario, inputs: [{ text: 'x'.repeat(SCENARIO_TEXT_MAX + 1) }] }] },
        { field: 'scenarios.0.inputs.0.text', message: 'validation.stringMax' },
      ],
      [
        { ...doc, scenarios: [{ ...scenario, expect: '' }] },
        { field: 'scenarios.0.expect', message: 'validation.required' },
      ],
      [
        { ...doc, scenarios: [{ ...scenario, inputs: [{ text: 'a', numbers: ['1'] }] }] },
        { field: 'scenarios.0.inputs.0.numbers.0' },
      ],
    ];
    for (const [value, want] of cases) expect(firstIssue(value)).toMatchObject(want);
  });

  it('bounds the number of cases and of lines', () => {
    const many = { ...doc, scenarios: Array.from({ length: SCENARIOS_MAX + 1 }, () => scenario) };
    expect(firstIssue(many)).toMatchObject({ field: 'scenarios', code: 'too_big' });
    expect(
      firstIssue({ ...doc, scenarios: Array.from({ length: SCENARIOS_MAX }, () => scenario) }),
    ).toBeNull();
    expect(firstIssue({ ...doc, scenarios: [{ ...scenario, inputs: [] }] })).toMatchObject({
      field: 'scenarios.0.inputs',
      code: 'too_small',
    });
  });
});

describe('response schemas', () => {
  it('read a document and a result', () => {
    expect(scenariosDocumentSchema.parse(doc)).toEqual(doc);
    const result = {
      index: 0,
      expected: 'Horn_',
      got: 'Horn_',
      gotName: 'Horn_',
      line: 'Listen for the horn.',
      passed: true,
      refused: false,
    };
    expect(scenarioResultSchema.parse(result)).toEqual(result);
    expect(scenarioResultSchema.safeParse({ ...result, index: -1 }).success).toBe(false);
  });

  it('summarize a version’s results', () => {
    expect(summarizeScenarioResults([{ passed: true }, { passed: false }, { passed: true }])).toEqual({
      passed: 2,
      total: 3,
    });
    expect(summarizeScenarioResults([])).toEqual({ passed: 0, total: 0 });
  });
});
