import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A code sample with a button that copies it; "Copied" is announced, and shown for a moment. */
export function CopyBlock({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <figure className="copy-block">
      <figcaption className="copy-block__head">
        <span className="copy-block__label">{label}</span>
        <button
          type="button"
          className="copy-block__button"
          onClick={() => void copy()}
          aria-label={t('flora.copyLabel', { what: label })}
        >
          {t('flora.copy')}
        </button>
      </figcaption>
      <pre className="copy-block__code" role="region" tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <span className="copy-block__status" aria-live="polite">
        {state === 'copied' ? t('flora.copied') : state === 'failed' ? t('flora.copyFailed') : ''}
      </span>
    </figure>
  );
}
