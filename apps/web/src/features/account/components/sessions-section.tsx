import { formatDateTime, type AccountSession } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactCard, FactCardList } from '../../../components/fact-card/fact-card';
import { DeleteDialog } from '../../../components/delete-dialog/delete-dialog';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage, errorCodeOf } from '../../../lib/api-error-message';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/sessions';
import { RetryBanner } from '../../../components/notice/retry-banner';
import { SectionLoading } from './section-status';

/**
 * Where the user is signed in (GET /account/sessions): device, address and last seen of each session, this
 * one marked; any other can be signed out, or all of them at once after a confirmation.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const { notify } = useToast();
  const sessions = useAccountSessions();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <section className="profile-section" aria-labelledby="settings-sessions-heading">
      <h2 id="settings-sessions-heading" className="profile-section__heading">
        {t('settings.sessions.heading')}
      </h2>
      <p className="profile-section__text">{t('settings.sessions.text')}</p>
      {sessions.isPending ? (
        <SectionLoading label={t('settings.sessions.loading')} />
      ) : sessions.isError ? (
        <RetryBanner error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <FactCardList label={t('settings.sessions.listLabel')}>
            {sessions.data.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </FactCardList>
          {others.length === 0 ? (
            <p className="profile-section__text">{t('settings.sessions.noOthers')}</p>
          ) : (
            <div className="profile-form__actions">
              <button type="button" className="btn btn--outline" onClick={() => setConfirming(true)}>
                {t('settings.sessions.signOutOthers')}
              </button>
            </div>
          )}
        </>
      )}
      {confirming && (
        <DeleteDialog
          title={t('settings.sessions.confirmTitle')}
          message={t('settings.sessions.confirmMessage')}
          confirmLabel={t('settings.sessions.confirm')}
          busyLabel={t('settings.sessions.signingOut')}
          onConfirm={() => endOthers.mutateAsync()}
          onDeleted={() => {
            setConfirming(false);
            notify(t('settings.sessions.othersSignedOut'));
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

function SessionItem({ session }: { session: AccountSession }) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const endSession = useEndSession();
  const device = session.device ?? t('settings.sessions.unknownDevice');
  const lastSeen = formatDateTime(session.lastSeenAt);

  const signOut = async () => {
    try {
      await endSession.mutateAsync(session);
    } catch (error) {
      // Already ended elsewhere: it is gone from the list all the same (read again), so say only that.
      if (errorCodeOf(error) !== 'session.not_found') return;
    }
    notify(t('settings.sessions.signedOut', { device }));
  };

  return (
    <FactCard
      title={device}
      badge={session.current ? { text: t('settings.sessions.thisDevice'), tone: 'info' } : undefined}
      facts={[
        {
          label: t('settings.sessions.address'),
          value: session.address ?? t('settings.sessions.unknownAddress'),
        },
        {
          label: t('settings.sessions.lastSeen'),
          value: <time dateTime={session.lastSeenAt}>{lastSeen}</time>,
        },
      ]}
      action={
        !session.current && (
          <>
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => void signOut()}
              disabled={endSession.isPending}
              aria-busy={endSession.isPending}
              aria-label={t('settings.sessions.signOutLabel', { device, lastSeen })}
            >
              {endSession.isPending ? t('settings.sessions.signingOut') : t('settings.sessions.signOut')}
            </button>
            <LiveRegion assertive>
              {endSession.isError && errorCodeOf(endSession.error) !== 'session.not_found' && (
                <Banner tone="error">{apiErrorMessage(t, endSession.error)}</Banner>
              )}
            </LiveRegion>
          </>
        )
      }
    />
  );
}
