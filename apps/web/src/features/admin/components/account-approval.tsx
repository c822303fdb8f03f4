import type { AdminAccount } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { useToast } from '../../../components/toast/toast-context';
import { formErrorOutcome } from '../../../lib/form-errors';
import { useUpdateAdminAccount } from '../api/admin-accounts';

/** A waiting account's approval: one button that activates it, and what went wrong if it did not. */
export function AccountApproval({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const update = useUpdateAdminAccount(account.id);
  return (
    <div className="admin-user__approval" role="region" aria-labelledby="admin-user-approval">
      <div>
        <h2 id="admin-user-approval" className="admin-user__section-heading">
          {t('admin.user.approval.heading')}
        </h2>
        <p className="admin-user__muted">{t('admin.user.approval.text')}</p>
      </div>
      <button
        type="button"
        className="btn btn--primary"
        disabled={update.isPending}
        aria-busy={update.isPending}
        onClick={() =>
          update.mutate(
            { active: true },
            { onSuccess: () => notify(t('admin.user.approval.approved', { email: account.email })) },
          )
        }
      >
        {update.isPending ? t('admin.user.approval.approving') : t('admin.user.approval.approve')}
      </button>
      <LiveRegion assertive>
        {update.isError && <Banner tone="error">{t(formErrorOutcome(update.error, []).messageKey)}</Banner>}
      </LiveRegion>
    </div>
  );
}
