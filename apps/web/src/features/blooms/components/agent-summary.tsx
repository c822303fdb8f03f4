import type { BloomSummary } from '@greenhouse/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Context lines shown before "Show more". */
const CONTEXT_PREVIEW_LINES = 2;

/**
 * What the agent is, read from its protocol: the first context lines (the rest behind "Show more"), each
 * instruction set with its reactions as chips, and the counts of sets, samples and guardrails.
 */
export function AgentSummary({ summary }: { summary: BloomSummary | null }) {
  const { t } = useTranslation();
  const contextId = useId();
  const [expanded, setExpanded] = useState(false);

  if (!summary) return <p className="agent-details__muted">{t('agent.details.noSummary')}</p>;

  const hidden = summary.context.length - CONTEXT_PREVIEW_LINES;
  const context = expanded ? summary.context : summary.context.slice(0, CONTEXT_PREVIEW_LINES);
  const samples = summary.instructions.reduce((sum, set) => sum + set.samples, 0);

  return (
    <div className="agent-summary">
      {summary.context.length > 0 && (
        <div className="agent-summary__context">
          <div id={contextId} className="agent-summary__lines">
            {context.map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
          {hidden > 0 && (
            <button
              type="button"
              className="link-btn"
              aria-expanded={expanded}
              aria-controls={contextId}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? t('agent.details.showLess') : t('agent.details.showMore')}
            </button>
          )}
        </div>
      )}

      {summary.instructions.length > 0 && (
        <div className="agent-summary__sets">
          <h3 className="agent-summary__heading">{t('agent.details.instructions')}</h3>
          <ul className="agent-summary__list">
            {summary.instructions.map((set) => (
              <li key={set.name} className="agent-summary__set">
                <span className="agent-summary__set-name">{set.name}</span>
                <span className="agent-summary__set-counts">
                  {t('agent.details.inputs', { n: set.inputs })} ·{' '}
                  {t('agent.details.samples', { n: set.samples })}
                </span>
                {set.reactions.length > 0 && (
                  <ul className="chips" aria-label={t('agent.details.reactions', { name: set.name })}>
                    {set.reactions.map((reaction) => (
                      <li key={reaction} className="chip">
                        {reaction}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      <p className="agent-summary__totals">
        {t('agent.details.totals', {
          sets: summary.instructions.length,
          samples,
          guardrails: summary.guardrails,
        })}
      </p>
    </div>
  );
}
