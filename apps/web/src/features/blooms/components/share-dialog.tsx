import { formatDateTime, type Bloom, type CreatedShare, type Share } from '@greenhouse/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog/dialog';
import { FactCard, FactCardList } from '../../../components/fact-card/fact-card';
import { Loader } from '../../../components/loader/loader';
import { RetryBanner } from '../../../components/notice/retry-banner';
import { ShownOnce } from '../../../components/shown-once/shown-once';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useCreateShare, useRevokeShare, useShares } from '../api/shares';
import './share-dialog.css';

const texts = 'dialogs.shareAgent';
const When = ({ value }: { value: string }) => <time dateTime={value}>{formatDateTime(value)}</time>;

/**
 * Share (issue 34): makes a link anyone can try the agent with (`/try/{token}`), shown once with Copy — the server
 * keeps only its hash — and lists the agent's links with how often each was opened, each revocable after a
 * confirmation in its own card.
 */
export function ShareDialog({ bloom, onClose }: { bloom: Pick<Bloom, 'id' | 'name'>; onClose: () => void }) {
  const { t } = useTranslation();
  const shares = useShares(bloom.id);
  const create = useCreateShare(bloom.id);
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const createRef = useRef<HTMLButtonElement>(null);
  const listHeading = useId();

  const makeLink = () => {
    setAnnouncement('');
    create.mutate(undefined, { onSuccess: setCreated });
  };

  return (
    <Dialog title={t(`${texts}.title`, { name: bloom.name })} onClose={onClose}>
      <div className="dialog__body share-dialog">
        <p>{t(`${texts}.text`)}</p>
        {created && <NewLink key={created.id} link={created} />}
        <div>
          <button
            ref={createRef}
            type="button"
            className="btn btn--primary"
            onClick={makeLink}
            disabled={create.isPending}
            aria-busy={create.isPending || undefined}
            data-autofocus
          >
            {create.isPending ? t(`${texts}.creating`) : t(`${texts}.create`)}
          </button>
        </div>
        {create.isError && (
          <p className="banner banner--error" role="alert">
            {apiErrorMessage(t, create.error)}
          </p>
        )}
        <h3 id={listHeading} className="share-dialog__heading">
          {t(`${texts}.listHeading`)}
        </h3>
        {shares.isPending ? (
          <p className="share-dialog__loading" role="status">
            <Loader size="small" label={t(`${texts}.loading`)} />
            <span aria-hidden="true">{t(`${texts}.loading`)}</span>
          </p>
        ) : shares.isError ? (
          <RetryBanner error={shares.error} onRetry={() => void shares.refetch()} />
        ) : shares.data.length === 0 ? (
          <p>{t(`${texts}.none`)}</p>
        ) : (
          <FactCardList labelledBy={listHeading}>
            {shares.data.map((share) => (
              <ShareCard
                key={share.id}
                bloomId={bloom.id}
                share={share}
                onRevoked={() => {
                  if (created?.id === share.id) setCreated(null);
                  setAnnouncement(t(`${texts}.revoked`));
                  createRef.current?.focus();
                }}
              />
            ))}
          </FactCardList>
        )}
        <p className="share-dialog__status" aria-live="polite">
          {announcement}
        </p>
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn--outline" onClick={onClose}>
          {t(`${texts}.done`)}
        </button>
      </div>
    </Dialog>
  );
}

/** The link just made, shown this once (components/shown-once). */
function NewLink({ link }: { link: CreatedShare }) {
  const { t } = useTranslation();
  return (
    <ShownOnce
      value={link.url}
      texts={{
        heading: t(`${texts}.newHeading`),
        label: t(`${texts}.newLabel`),
        warning: t(`${texts}.newWarning`),
        copy: t(`${texts}.copy`),
        copied: t(`${texts}.copied`),
        copyFailed: t(`${texts}.copyFailed`),
      }}
    />
  );
}

/** One link: when it was made, its opens and last open; Revoke asks first, in the card. */
function ShareCard({ bloomId, share, onRevoked }: { bloomId: string; share: Share; onRevoked: () => void }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeShare(bloomId);
  const [confirming, setConfirming] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const made = formatDateTime(share.createdAt);

  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  // Awaited rather than mutate's own callback: the card is gone once its link is (the list drops it), and a callback
  // of mutate does not run for a component that unmounted; the dialog's does.
  const confirmRevoke = async () => {
    try {
      await revoke.mutateAsync(share);
    } catch {
      return; // said in the card (revoke.error)
    }
    onRevoked();
  };

  const action = confirming ? (
    <div
      className="share-dialog__confirm"
      role="group"
      aria-label={t(`${texts}.revokeLabel`, { date: made })}
    >
      <p>{t(`${texts}.revokeQuestion`)}</p>
      <div className="share-dialog__confirm-buttons">
        <button
          ref={keepRef}
          type="button"
          className="btn btn--outline"
          onClick={() => setConfirming(false)}
          disabled={revoke.isPending}
        >
          {t(`${texts}.keep`)}
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={revoke.isPending}
          aria-busy={revoke.isPending || undefined}
          onClick={() => void confirmRevoke()}
        >
          {revoke.isPending ? t(`${texts}.revoking`) : t(`${texts}.revokeConfirm`)}
        </button>
      </div>
      {revoke.isError && (
        <p className="field__error" role="alert">
          {apiErrorMessage(t, revoke.error)}
        </p>
      )}
    </div>
  ) : (
    <button
      type="button"
      className="btn btn--outline"
      onClick={() => setConfirming(true)}
      aria-label={t(`${texts}.revokeLabel`, { date: made })}
    >
      {t(`${texts}.revoke`)}
    </button>
  );

  return (
    <FactCard
      title={t(`${texts}.made`, { date: made })}
      facts={[
        { label: t(`${texts}.opens`), value: new Intl.NumberFormat(i18n.language).format(share.opens) },
        {
          label: t(`${texts}.lastOpened`),
          value: share.lastOpenedAt ? <When value={share.lastOpenedAt} /> : t(`${texts}.neverOpened`),
        },
      ]}
      action={action}
    />
  );
}
