import type { BloomDraft, DraftInstruction, DraftSample } from '@greenhouse/mtp';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { draftTokens } from '../draft-tokens';
import { SuggestedPhrasings } from './suggested-phrasings';
import './draft-summary.css';

function NotYet() {
  const { t } = useTranslation();
  return <span className="draft__missing">{t('draft.notYet')}</span>;
}

function Part({ title, children, hint }: { title: string; children: ReactNode; hint?: string }) {
  return (
    <section className="draft__part">
      <h3 className="draft__part-title">{title}</h3>
      {hint && <p className="draft__hint">{hint}</p>}
      {children}
    </section>
  );
}

/** Keeping and dropping the phrasings a designer offered (left out where the draft cannot change). */
export interface OfferActions {
  /** A change is being saved. */
  busy: boolean;
  /** The draft with one instruction's offers kept or dropped, and what to announce; rejects if not saved. */
  onChange: (draft: BloomDraft, announcement: string) => Promise<unknown> | void;
}

/** Turning an example into a scenario test of the agent the chat edits (issue 33). */
export interface ScenarioAction {
  busy: boolean;
  onAdd: (instruction: string, sample: DraftSample) => void;
}

/**
 * The draft as it stands, read-only: it grows as the designer answers. With `offers`, the phrasings offered
 * for each instruction follow its examples, to keep or drop; with `scenario`, each example can become a scenario
 * test of the agent.
 */
export function DraftSummary({
  draft,
  offers,
  scenario,
}: {
  draft: BloomDraft;
  offers?: OfferActions;
  scenario?: ScenarioAction;
}) {
  const { t } = useTranslation();
  const tokens = draftTokens(draft);

  return (
    <div className="draft">
      <Part title={t('draft.name')}>
        {draft.name ? <p className="draft__value draft__value--name">{draft.name}</p> : <NotYet />}
      </Part>
      <Part title={t('draft.description')}>
        {draft.description ? <p className="draft__value">{draft.description}</p> : <NotYet />}
      </Part>
      <Part title={t('draft.context')}>
        {draft.context.length > 0 ? (
          <ul className="draft__list">
            {draft.context.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        ) : (
          <NotYet />
        )}
      </Part>
      <Part title={t('draft.reactions')}>
        {draft.reactions.length > 0 ? (
          <ul className="draft__list draft__list--plain">
            {draft.reactions.map((reaction, index) => (
              <li key={index} className="draft__reaction">
                <span className="draft__tag">{reaction.name}</span>
                {reaction.description && <span>{reaction.description}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <NotYet />
        )}
      </Part>
      <Part title={t('draft.tokens')} hint={t('draft.tokensHint')}>
        <ul className="draft__tokens" aria-label={t('draft.tokens')}>
          {tokens.map((token) => (
            <li key={token}>
              <code>{token}</code>
            </li>
          ))}
        </ul>
      </Part>
      <Part title={t('draft.instructions')}>
        {draft.instructions.map((instruction, index) => (
          <div key={index} className="draft__instruction">
            <h4 className="draft__instruction-name">
              <code>{instruction.name}</code>
              <span className="draft__count">
                {t('draft.examplesCount', { replace: { count: instruction.samples.length } })}
              </span>
            </h4>
            {instruction.samples.length > 0 ? (
              <ol className="draft__samples">
                {instruction.samples.map((sample, n) => (
                  <li key={n} className="draft__sample">
                    <span className="draft__sample-line">
                      <span className="visually-hidden">{t('draft.sampleInput')}: </span>
                      {sample.input}
                    </span>
                    <span className="draft__sample-line draft__sample-line--out">
                      <span className="draft__arrow" aria-hidden="true">
                        →
                      </span>
                      <span className="visually-hidden">{t('draft.sampleOutput')}: </span>
                      {sample.output}
                    </span>
                    <span className="draft__tag draft__tag--small">
                      <span className="visually-hidden">{t('draft.sampleReaction')}: </span>
                      {sample.reaction}
                    </span>
                    {scenario && (
                      <button
                        type="button"
                        className="btn btn--outline draft__scenario"
                        disabled={scenario.busy}
                        aria-label={t('draft.toScenarioLabel', {
                          replace: { n: n + 1, instruction: instruction.name },
                        })}
                        onClick={() => scenario.onAdd(instruction.name, sample)}
                      >
                        {t('draft.toScenario')}
                      </button>
                    )}
                  </li>
                ))}
              </ol>
            ) : (
              <NotYet />
            )}
            {offers && (
              <SuggestedPhrasings
                instruction={instruction}
                busy={offers.busy}
                onChange={(next: DraftInstruction, announcement) =>
                  offers.onChange(
                    { ...draft, instructions: draft.instructions.map((i, n) => (n === index ? next : i)) },
                    announcement,
                  )
                }
              />
            )}
          </div>
        ))}
      </Part>
      <Part title={t('draft.guardrail')}>
        {draft.guardrail === null ? (
          <NotYet />
        ) : draft.guardrail.badOutput === '' && draft.guardrail.badExamples.length === 0 ? (
          <p className="draft__value">{t('draft.noGuardrail')}</p>
        ) : (
          <dl className="draft__guardrail">
            <dt>{t('draft.guardrailOutput')}</dt>
            <dd>{draft.guardrail.badOutput || <NotYet />}</dd>
            <dt>{t('draft.guardrailExamples')}</dt>
            <dd>
              {draft.guardrail.badExamples.length > 0 ? (
                <ul className="draft__list">
                  {draft.guardrail.badExamples.map((example, index) => (
                    <li key={index}>{example}</li>
                  ))}
                </ul>
              ) : (
                <NotYet />
              )}
            </dd>
          </dl>
        )}
      </Part>
    </div>
  );
}
