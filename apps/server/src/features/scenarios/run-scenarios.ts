import { REFUSE, type Scenario, type ScenarioResult } from '@greenhouse/contracts';
import { FloraError, type Agent } from '@greenhouse/flora';

/**
 * Runs each case on a loaded agent, greedily (temperature 0: the same agent answers a case the same way every
 * time), in order. `scenarios` are normalised (normalizeScenarios): `expect` is a reaction key or REFUSE. A case
 * passes when the agent refuses and REFUSE was expected, or answers with the expected reaction (a FinalNumToken
 * with any number). A case Flora cannot run on this version (a prompt longer than the agent takes, an
 * instruction it lacks) fails with Flora's error code rather than failing the others.
 */
export function runScenarios(agent: Agent, scenarios: readonly Scenario[]): ScenarioResult[] {
  return scenarios.map((scenario, index) => {
    const request = {
      instruction: scenario.instruction,
      inputs: scenario.inputs.map((input) => ({ text: input.text, numbers: input.numbers ?? [] })),
    };
    try {
      const result = agent.run(request, { temperature: 0 });
      const instruction = agent.instructions.find((i) => i.name === scenario.instruction)!;
      const key = instruction.reactionDetails[result.reactionIndex]!.line;
      return {
        index,
        expected: scenario.expect,
        got: result.reaction,
        gotName: result.reactionName,
        line: result.output,
        passed: scenario.expect === REFUSE ? result.refused : !result.refused && key === scenario.expect,
        refused: result.refused,
      };
    } catch (error) {
      if (!(error instanceof FloraError)) throw error;
      return notRun(index, scenario, error.code);
    }
  });
}

/** A case that could not be run on a version (`error` says why): it failed. */
export function notRun(index: number, scenario: Scenario, error: string): ScenarioResult {
  return { index, expected: scenario.expect, got: '', line: '', passed: false, refused: false, error };
}
