import type { BloomSummary } from '@greenhouse/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './bloom-details.css';
import './summary-card.css';

/** A first context line longer than this is clamped (to a few lines) until "Show more". */
const LONG_LINE = 160;

/**
 * What the agent is, read from its protocol: the first context line (the rest, and the whole of a long
 * first line, behind "Show more"), each instruction set with its reactions as chips, and the counts of
 * sets, samples and guardrails.
 */
export function SummaryCard({ summary }: { summary: BloomSummary | null }) {
  const { t } = useTranslation();
  const contextId = useId();
  const [expanded, setExpanded] = useState(false);

  if (!summary) return <p className="bloom-details__muted">{t('agent.details.noSummary')}</p>;

  const [first = '', ...rest] = summary.context;
  const collapsible = rest.length > 0 || first.length > LONG_LINE;
  const context = expanded ? summary.context : [first];
  const samples = summary.instructions.reduce((sum, set) => sum + set.samples, 0);

  return (
    <div className="summary-card">
      {summary.context.length > 0 && (
        <div className="summary-card__context">
          <div
            id={contextId}
            className={
              collapsible && !expanded
                ? 'summary-card__lines summary-card__lines--clamped'
                : 'summary-card__lines'
            }
          >
            {context.map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
          {collapsible && (
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
        <div className="summary-card__sets">
          <h2 className="summary-card__heading">{t('agent.details.instructions')}</h2>
          <ul className="summary-card__list">
            {summary.instructions.map((set) => (
              <li key={set.name} className="summary-card__set">
                <span className="summary-card__set-name">{set.name}</span>
                <span className="summary-card__set-counts">
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

      <p className="summary-card__totals">
        {t('agent.details.totals', {
          sets: summary.instructions.length,
          samples,
          guardrails: summary.guardrails,
        })}
      </p>
    </div>
  );
}
