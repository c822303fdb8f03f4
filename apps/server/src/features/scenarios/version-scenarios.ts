import {
  summarizeScenarioResults,
  type Scenario,
  type ScenarioResult,
  type VersionScenarioResults,
} from '@greenhouse/contracts';
import { loadAgent } from '@greenhouse/flora';
import type { Protocol } from '@greenhouse/mtp';
import { AppError } from '../../lib/app-error.js';
import { normalizeScenarios } from './check-scenarios.js';
import { notRun, runScenarios } from './run-scenarios.js';

/** A version's results against the owner's cases (what the export stores, and a change of the cases renews). */
export type VersionScenarioRun = Omit<VersionScenarioResults, 'version'>;

/**
 * Runs the owner's cases on one version's agent file. The cases were checked against the version in the works
 * when they were saved; an older version may lack a case's instruction or reaction: that case fails there
 * (error `not_in_version`) and the others still run.
 */
export async function runOnVersion(
  agentFile: string | Uint8Array,
  protocol: Protocol,
  scenarios: readonly Scenario[],
): Promise<VersionScenarioRun> {
  if (scenarios.length === 0) return { passed: 0, total: 0, results: [] };
  // On the caller's thread: a small agent answers a case in milliseconds (at most SCENARIOS_MAX cases).
  const agent = await loadAgent(agentFile);
  const results = scenarios.map((scenario, index): ScenarioResult => {
    let normalized: Scenario;
    try {
      [normalized] = normalizeScenarios([scenario], protocol) as [Scenario];
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return notRun(index, scenario, 'not_in_version');
    }
    return { ...runScenarios(agent, [normalized])[0]!, index };
  });
  return { ...summarizeScenarioResults(results), results };
}
