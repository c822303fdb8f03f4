import { formatDateTime, type ApiToken } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactCard, FactCardList } from '../../../components/fact-card/fact-card';
import { DeleteDialog } from '../../../components/delete-dialog/delete-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { isExpired, useRevokeApiToken } from '../api/api-tokens';

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
      <FactCardList labelledBy="settings-token-list-heading">
        {tokens.map((token) => (
          <FactCard
            key={token.id}
            title={token.name}
            badge={isExpired(token) ? { text: t('settings.tokens.expired'), tone: 'danger' } : undefined}
            facts={[
              { label: t('settings.tokens.createdAt'), value: <When value={token.createdAt} /> },
              { label: t('settings.tokens.expiresAt'), value: <When value={token.expiresAt} /> },
              {
                label: t('settings.tokens.lastUsedAt'),
                value: token.lastUsedAt ? <When value={token.lastUsedAt} /> : t('settings.tokens.neverUsed'),
              },
            ]}
            action={
              <button
                type="button"
                className="btn btn--outline"
                onClick={() => setRevoking(token)}
                aria-label={t('settings.tokens.revokeLabel', { name: token.name })}
              >
                {t('settings.tokens.revoke')}
              </button>
            }
          />
        ))}
      </FactCardList>
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
