import { REFUSE, summarizeScenarioResults, type ScenarioResult } from '@greenhouse/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { reactionLabel } from '../../../lib/reaction-label';
import type { ScenarioInstruction } from '../scenarios-form';
import './scenario-results.css';

/** One trained version's results, in case order. */
export interface VersionScenarioResults {
  version: number;
  results: ScenarioResult[];
}

interface ScenarioResultsProps {
  versions: readonly VersionScenarioResults[];
  instructions: readonly ScenarioInstruction[];
}

/** Each version's results as a table: per case what was expected, what the agent answered, and the verdict. */
export function ScenarioResults({ versions, instructions }: ScenarioResultsProps) {
  const { t } = useTranslation();
  const id = useId();
  // Reaction keys are unique in a protocol, so a key names one reaction whatever its instruction.
  const names = new Map(instructions.flatMap((i) => i.reactions.map((r) => [r.key, r.name] as const)));
  const expectedText = (expected: string) =>
    expected === REFUSE ? t('scenarios.results.refusal') : reactionLabel(names.get(expected) ?? expected);
  const gotText = (result: ScenarioResult) => {
    if (result.error === 'prompt_too_long') return t('scenarios.results.promptTooLong');
    if (result.error) return t('scenarios.results.notRun', { code: result.error });
    return result.refused
      ? t('scenarios.results.refused', { name: reactionLabel(result.gotName ?? result.got) })
      : reactionLabel(result.gotName ?? result.got);
  };

  return (
    <div className="scenario-results">
      {versions.map(({ version, results }) => (
        <section key={version} aria-labelledby={`${id}-${version}`} className="scenario-results__version">
          <h3 id={`${id}-${version}`} className="scenario-results__heading">
            {t('scenarios.results.heading', { version })}{' '}
            <span className="scenario-results__summary">
              {t('scenarios.results.summary', summarizeScenarioResults(results))}
            </span>
          </h3>
          <div className="scenario-results__scroll">
            <table className="scenario-results__table">
              <thead>
                <tr>
                  <th scope="col">{t('scenarios.results.case')}</th>
                  <th scope="col">{t('scenarios.results.expected')}</th>
                  <th scope="col">{t('scenarios.results.got')}</th>
                  <th scope="col">{t('scenarios.results.line')}</th>
                  <th scope="col">{t('scenarios.results.result')}</th>
                </tr>
              </thead>
              <tbody>
                {results.map((result) => (
                  <tr key={result.index} data-passed={result.passed}>
                    <th scope="row">{result.index + 1}</th>
                    <td>{expectedText(result.expected)}</td>
                    <td>{gotText(result)}</td>
                    <td className="scenario-results__line">{result.line || '—'}</td>
                    <td className="scenario-results__verdict">
                      {result.passed ? t('scenarios.results.passed') : t('scenarios.results.failed')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
