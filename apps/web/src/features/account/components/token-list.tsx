import { formatDateTime, type ApiToken } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog/delete-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { isExpired, useRevokeApiToken } from '../api/api-tokens';
import './token-list.css';

const When = ({ value }: { value: string }) => <time dateTime={value}>{formatDateTime(value)}</time>;

/** The user's tokens (name, created, expires, last used), each revocable after a confirmation. */
export function TokenList({
  tokens,
  onRevoked,
}: {
  tokens: readonly ApiToken[];
  onRevoked: (token: ApiToken) => void;
}) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const revoke = useRevokeApiToken();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  if (tokens.length === 0) return <p className="profile-section__text">{t('settings.tokens.none')}</p>;

  return (
    <>
      <ul className="token-list" aria-labelledby="settings-token-list-heading">
        {tokens.map((token) => (
          <li key={token.id} className="token">
            <div className="token__main">
              <p className="token__name">
                {token.name}
                {isExpired(token) && <span className="token__badge">{t('settings.tokens.expired')}</span>}
              </p>
              <dl className="token__facts">
                <div>
                  <dt>{t('settings.tokens.createdAt')}</dt>
                  <dd>
                    <When value={token.createdAt} />
                  </dd>
                </div>
                <div>
                  <dt>{t('settings.tokens.expiresAt')}</dt>
                  <dd>
                    <When value={token.expiresAt} />
                  </dd>
                </div>
                <div>
                  <dt>{t('settings.tokens.lastUsedAt')}</dt>
                  <dd>
                    {token.lastUsedAt ? <When value={token.lastUsedAt} /> : t('settings.tokens.neverUsed')}
                  </dd>
                </div>
              </dl>
            </div>
            <button
              type="button"
              className="btn btn--outline token__revoke"
              onClick={() => setRevoking(token)}
              aria-label={t('settings.tokens.revokeLabel', { name: token.name })}
            >
              {t('settings.tokens.revoke')}
            </button>
          </li>
        ))}
      </ul>
      {revoking && (
        <DeleteDialog
          title={t('settings.tokens.revokeTitle')}
          message={t('settings.tokens.revokeMessage', { name: revoking.name })}
          confirmLabel={t('settings.tokens.revoke')}
          busyLabel={t('settings.tokens.revoking')}
          onConfirm={() => revoke.mutateAsync(revoking)}
          onDeleted={() => {
            setRevoking(null);
            onRevoked(revoking);
            notify(t('settings.tokens.revoked', { name: revoking.name }));
          }}
          onClose={() => setRevoking(null)}
        />
      )}
    </>
  );
}
