import type { BloomSummary } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';

export type Guardrails = BloomSummary['instructions'][number]['guardrails'];

/** The agent's guardrail examples as one-click tries: each puts its example in its line and runs it. */
export function GuardrailTries({
  guardrails,
  disabled,
  onTry,
}: {
  guardrails: Guardrails;
  disabled: boolean;
  onTry: (line: number, example: string) => void;
}) {
  const { t } = useTranslation();
  if (guardrails.length === 0) return null;
  return (
    <div className="playground__tries">
      <h3 className="playground__subheading">{t('playground.guardrailsHeading')}</h3>
      {guardrails.map((guardrail) => (
        <div key={guardrail.line} className="playground__try-group">
          <p className="playground__try-text">
            {t('playground.guardrailsText', { n: guardrail.line + 1, output: guardrail.output })}
          </p>
          <ul className="playground__try-list">
            {guardrail.examples.map((example) => (
              <li key={example}>
                <button
                  type="button"
                  className="playground__try"
                  disabled={disabled}
                  aria-label={t('playground.tryExample', { example, n: guardrail.line + 1 })}
                  onClick={() => onTry(guardrail.line, example)}
                >
                  {example}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
