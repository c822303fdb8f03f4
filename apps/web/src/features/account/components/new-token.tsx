import type { CreatedApiToken } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { ShownOnce } from '../../../components/shown-once/shown-once';

/** The token just created, shown this once (components/shown-once), then Done. */
export function NewToken({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnce
      value={token.token}
      texts={{
        heading: t('settings.tokens.newHeading', { name: token.name }),
        label: t('settings.tokens.newLabel'),
        warning: t('settings.tokens.newWarning'),
        copy: t('settings.tokens.copy'),
        copied: t('settings.tokens.copied'),
        copyFailed: t('settings.tokens.copyFailed'),
      }}
    >
      <div>
        <button type="button" className="btn btn--outline" onClick={onDone}>
          {t('settings.tokens.done')}
        </button>
      </div>
    </ShownOnce>
  );
}
