import type { CreatedApiToken } from '@greenhouse/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/text-field';
import './new-token.css';

/**
 * The token just created, shown this once: read-only (selected, so it can be copied at once), a Copy button
 * whose outcome is announced, and the warning that it will not be shown again. Takes focus when it appears.
 */
export function NewToken({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [token.id]);

  const copyToken = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refusal): leave it selected for the user to copy.
      inputRef.current?.focus();
      inputRef.current?.select();
      setCopy('failed');
    }
  };

  return (
    <div className="new-token" role="group" aria-labelledby="settings-new-token-heading">
      <h3 id="settings-new-token-heading" className="new-token__heading">
        {t('settings.tokens.newHeading', { name: token.name })}
      </h3>
      <div className="new-token__row">
        <TextField
          ref={inputRef}
          label={t('settings.tokens.newLabel')}
          hint={t('settings.tokens.newWarning')}
          className="new-token__field"
          value={token.token}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn--primary new-token__copy" onClick={() => void copyToken()}>
          {t('settings.tokens.copy')}
        </button>
      </div>
      <p className="new-token__status" aria-live="polite">
        {copy === 'copied'
          ? t('settings.tokens.copied')
          : copy === 'failed'
            ? t('settings.tokens.copyFailed')
            : ''}
      </p>
      <div>
        <button type="button" className="btn btn--outline" onClick={onDone}>
          {t('settings.tokens.done')}
        </button>
      </div>
    </div>
  );
}
