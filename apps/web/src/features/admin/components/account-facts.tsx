import { formatDateTime, type AdminAccount } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import type { Fact } from '../../../components/fact-card/fact-card';
import { FactsGrid } from '../../../components/facts-grid/facts-grid';

/** An account's dates and prompt allowance as facts (an admin's prompts are unlimited). */
export function AccountFacts({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const date = (iso: string | null, none: string) =>
    iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : none;
  const admin = account.role.name === 'admin';
  const facts: Fact[] = [
    { label: t('admin.user.created'), value: date(account.createdAt, '—') },
    { label: t('admin.user.lastSeen'), value: date(account.lastSeenAt, t('admin.never')) },
    { label: t('admin.user.approved'), value: date(account.approvedAt, '—') },
    ...(account.deactivatedAt
      ? [{ label: t('admin.user.deactivated'), value: date(account.deactivatedAt, '—') }]
      : []),
    {
      label: t('admin.user.promptsUsed'),
      value: admin
        ? t('sidebar.unlimited')
        : t('admin.user.promptsOf', { used: account.prompts.used, limit: account.prompts.limit }),
    },
    {
      label: t('admin.user.renewal'),
      value: (
        <>
          {t('admin.user.renewalEvery', { days: account.prompts.renewalDays })}
          {account.prompts.nextRenewalAt && (
            <>
              {' · '}
              {date(account.prompts.nextRenewalAt, '')}
            </>
          )}
        </>
      ),
    },
  ];
  return <FactsGrid facts={facts} />;
}
