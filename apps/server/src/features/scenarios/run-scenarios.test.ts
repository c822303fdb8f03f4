import type { Scenario } from '@greenhouse/contracts';
import { loadAgent, type Agent } from '@greenhouse/flora';
import type { Protocol } from '@greenhouse/mtp';
import { beforeAll, describe, expect, it } from 'vitest';
// Flora's own test agent: a tiny agent trained on the lighthouse keeper by the trainer's stages (~2 s).
import { trainedAgent } from '../../../../../packages/flora/test/fixture.js';
import { normalizeScenarios } from './check-scenarios.js';
import { runScenarios } from './run-scenarios.js';

let agent: Agent;
let protocol: Protocol;

beforeAll(async () => {
  const trained = await trainedAgent();
  protocol = trained.protocol;
  agent = await loadAgent(trained.agent);
}, 60_000);

/** A case made of a training sample's input lines (which the agent learnt), expecting `expect`. */
function fromSample(instruction: string, sample: number, expect: string): Scenario {
  const set = protocol.sets.find((s) => s.name === instruction)!;
  const { strings } = set.samples[sample]!;
  return { instruction, inputs: strings.slice(0, -1).map((text) => ({ text })), expect };
}

describe('runScenarios', () => {
  it('passes a case the agent answers as expected and fails one it cannot', () => {
    const fog = fromSample('fog_on_the_bay', 0, 'Horn_');
    const guardrail = protocol.sets.find((s) => s.name === 'fog_on_the_bay')!.guardrails[0]!;
    const offTopic: Scenario = {
      ...fog,
      inputs: fog.inputs.map((input, line) =>
        line === guardrail.line ? { text: guardrail.badExamples[0]! } : input,
      ),
      expect: 'refuse',
    };
    const scenarios = normalizeScenarios([fog, { ...fog, expect: 'Lamp_' }, offTopic], protocol);
    const results = runScenarios(agent, scenarios);

    expect(results[0]).toMatchObject({
      index: 0,
      expected: 'Horn_',
      got: 'Horn_',
      gotName: 'Horn_',
      passed: true,
      refused: false,
    });
    expect(results[0]!.line.length).toBeGreaterThan(0);
    // The same answer, so the case expecting another reaction fails, whatever the agent says.
    expect(results[1]).toMatchObject({ index: 1, expected: 'Lamp_', got: 'Horn_', passed: false });
    expect(results[2]).toMatchObject({ index: 2, expected: 'refuse', refused: true, passed: true });
    expect(results[2]!.got).toMatch(/<UNK>_$/);
  });

  it('matches a number reaction by its key, whatever its number', () => {
    const set = protocol.sets.find((s) => s.name === 'ship_reports_position')!;
    const sample = set.samples[0]!;
    const scenario: Scenario = {
      instruction: set.name,
      inputs: [
        { text: sample.strings[0]!, numbers: sample.numberLists[0]!.flat() },
        { text: sample.strings[1]!, numbers: sample.numbers[1]! },
      ],
      expect: 'Warning_',
    };
    const [result] = runScenarios(agent, normalizeScenarios([scenario], protocol));
    expect(result).toMatchObject({ expected: 'Warning_', gotName: 'Warning_', passed: true });
    expect(result!.got).toMatch(/^Warning_\d/);
  });

  it('gives the same results every time (greedy)', () => {
    const scenarios = normalizeScenarios(
      protocol.sets
        .flatMap((set) => set.samples.map((_, i) => fromSample(set.name, i, set.finalTokens[0]!)).slice(0, 2))
        .filter((s) => s.instruction !== 'ship_reports_position'),
      protocol,
    );
    expect(runScenarios(agent, scenarios)).toEqual(runScenarios(agent, scenarios));
  });

  it('fails a case Flora cannot run with its error code, and runs the others', () => {
    const fog = fromSample('fog_on_the_bay', 0, 'Horn_');
    const long: Scenario = { ...fog, inputs: [fog.inputs[0]!, { text: 'far '.repeat(400) }] };
    const results = runScenarios(agent, [long, fog]);
    expect(results[0]).toEqual({
      index: 0,
      expected: 'Horn_',
      got: '',
      line: '',
      passed: false,
      refused: false,
      error: 'prompt_too_long',
    });
    expect(results[1]).toMatchObject({ index: 1, passed: true });
  });
});
