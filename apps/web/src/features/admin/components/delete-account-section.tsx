import type { AdminAccount } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteDialog } from '../../../components/delete-dialog/delete-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { paths } from '../../../lib/paths';
import { useDeleteAdminAccount } from '../api/admin-accounts';

/** The profile's danger zone: deleting the account, after a confirmation, then back to the list. */
export function DeleteAccountSection({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const navigate = useNavigate();
  const remove = useDeleteAdminAccount(account.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="admin-user__section admin-user__danger" aria-labelledby="admin-user-delete">
      <h2 id="admin-user-delete" className="admin-user__section-heading">
        {t('admin.user.delete.heading')}
      </h2>
      <p className="admin-user__muted">{t('admin.user.delete.text')}</p>
      <div>
        <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
          {t('admin.user.delete.button')}
        </button>
      </div>
      {confirming && (
        <DeleteDialog
          title={t('admin.user.delete.dialogTitle')}
          message={t('admin.user.delete.dialogMessage', { email: account.email })}
          onConfirm={() => remove.mutateAsync()}
          onDeleted={() => {
            notify(t('admin.user.delete.deleted', { email: account.email }));
            void navigate(paths.admin, { replace: true });
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
