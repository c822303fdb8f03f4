import type { AdminAccount } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { accountStatus } from '../account-status';
import './account-status-pill.css';

/** Active / Waiting for approval / Deactivated / E-mail not confirmed, as a coloured pill. */
export function AccountStatusPill({
  account,
}: {
  account: Pick<AdminAccount, 'emailConfirmed' | 'pending' | 'active'>;
}) {
  const { t } = useTranslation();
  const status = accountStatus(account);
  return <span className={`account-status account-status--${status}`}>{t(`admin.status.${status}`)}</span>;
}
