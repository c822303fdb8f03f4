import { useTranslation } from 'react-i18next';
import { reactionLabel } from '../../../lib/reaction-label';
import type { FloraEngineError } from '../engine/flora-engine';
import type { RunResult } from '../engine/messages';

/** A playground run: none yet, being written (the text so far), answered, or failed. */
export type Run =
  | { status: 'idle' }
  | { status: 'running'; text: string }
  | { status: 'done'; result: RunResult }
  | { status: 'failed'; error: FloraEngineError };

/** The texts a run is read with: its reaction as a person reads it, and why it failed. */
export function useRunTexts(promptLimit: number) {
  const { t, i18n } = useTranslation();
  const format = (n: number, digits = 0) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(n);
  /** The reaction as a person reads it: its name (and number), or that the agent refused; never its key. */
  const reactionText = (result: RunResult) =>
    result.refused
      ? t('playground.refused')
      : result.reactionValue !== null
        ? t('playground.reactionWithValue', {
            name: reactionLabel(result.reactionName),
            value: format(result.reactionValue, 6),
          })
        : reactionLabel(result.reactionName);
  /** Why a run failed, in the UI's language: a prompt too long says the agent's limit. */
  const failureText = (error: FloraEngineError) =>
    error.code === 'prompt_too_long'
      ? t('playground.promptTooLong', { limit: format(promptLimit) })
      : t('playground.runFailed', { message: error.message });
  return { format, reactionText, failureText };
}

/** The answer as it is written, then its reaction, length and speed; a screen reader hears the whole answer once. */
export function PlaygroundAnswer({ run, promptLimit }: { run: Run; promptLimit: number }) {
  const { t } = useTranslation();
  const { format, reactionText, failureText } = useRunTexts(promptLimit);
  const running = run.status === 'running';
  const announcement =
    run.status === 'done'
      ? t('playground.announceAnswer', {
          output: run.result.output || t('playground.noText'),
          reaction: reactionText(run.result),
        })
      : run.status === 'failed'
        ? failureText(run.error)
        : running
          ? t('playground.running')
          : '';

  return (
    <>
      <div className="playground__answer">
        <h3 className="playground__subheading">{t('playground.answer')}</h3>
        {run.status === 'failed' ? (
          <p className="playground__error" data-code={run.error.code}>
            {failureText(run.error)}
          </p>
        ) : (
          <p
            className="playground__output"
            data-state={run.status}
            data-empty={(run.status === 'done' && run.result.output === '') || undefined}
            aria-busy={running || undefined}
          >
            {run.status === 'running'
              ? run.text
              : run.status === 'done'
                ? run.result.output || t('playground.noText')
                : t('playground.empty')}
            {running && <span className="playground__caret" aria-hidden="true" />}
          </p>
        )}
        {run.status === 'done' && (
          <dl className="playground__facts">
            <div>
              <dt>{t('playground.reaction')}</dt>
              <dd>
                <span
                  className="playground__reaction"
                  data-reaction={run.result.reaction}
                  data-refused={run.result.refused || undefined}
                >
                  {reactionText(run.result)}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t('playground.tokens')}</dt>
              <dd>{format(run.result.tokens)}</dd>
            </div>
            <div>
              <dt>{t('playground.speed')}</dt>
              <dd>{t('playground.tokensPerSecond', { value: format(run.result.tokensPerSecond) })}</dd>
            </div>
          </dl>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
