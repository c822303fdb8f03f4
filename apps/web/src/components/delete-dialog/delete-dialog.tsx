import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../lib/api-error-message';
import { Dialog } from '../dialog/dialog';
import { deleteErrorKey } from './delete-error';

interface DeleteDialogProps {
  title: string;
  message: string;
  /** Performs the delete; a rejection is shown in the dialog. */
  onConfirm: () => Promise<unknown>;
  onDeleted: () => void;
  onClose: () => void;
  /** The confirm button's label and its busy label, when the action is not a delete (Revoke, Sign out all). */
  confirmLabel?: string;
  busyLabel?: string;
}

/**
 * The delete confirmation shared by chats and agents (docs/product-rules.md §2 Modals), and by the other
 * actions that cannot be undone (revoking a token, signing out the other sessions).
 */
export function DeleteDialog({
  title,
  message,
  onConfirm,
  onDeleted,
  onClose,
  confirmLabel,
  busyLabel,
}: DeleteDialogProps) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const confirm = async () => {
    setDeleting(true);
    setErrorKey(null);
    try {
      await onConfirm();
      onDeleted();
    } catch (error) {
      setErrorKey(deleteErrorKey(errorCodeOf(error)));
      setDeleting(false);
    }
  };

  return (
    <Dialog title={title} onClose={onClose}>
      <div className="dialog__body">
        <p>{message}</p>
        <div aria-live="assertive">
          {errorKey && (
            <p className="banner banner--error" role="alert">
              {t(errorKey)}
            </p>
          )}
        </div>
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn--outline" onClick={onClose} data-autofocus>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn--danger"
          onClick={() => void confirm()}
          disabled={deleting}
          aria-busy={deleting}
        >
          {deleting ? (busyLabel ?? t('common.deleting')) : (confirmLabel ?? t('common.delete'))}
        </button>
      </div>
    </Dialog>
  );
}
