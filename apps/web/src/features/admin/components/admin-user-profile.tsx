import type { AdminAccount } from '@greenhouse/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loader } from '../../../components/loader/loader';
import { RetryBanner } from '../../../components/notice/retry-banner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiRequestError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useAdminAccount } from '../api/admin-accounts';
import { AccountApproval } from './account-approval';
import { AccountEditForm } from './account-edit-form';
import { AccountFacts } from './account-facts';
import { AccountStatusPill } from './account-status-pill';
import { BloomsTable } from './blooms-table';
import { ChatsTable } from './chats-table';
import { DeleteAccountSection } from './delete-account-section';
import './admin-user-profile.css';

/** /admin/users/{id}: an account's facts and edits, its agents and chats, and Delete; a missing account says so. */
export function AdminUserProfile({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const account = useAdminAccount(userId);

  if (account.isError) {
    const notFound = isApiRequestError(account.error) && account.error.status === 404;
    return notFound ? (
      <NotFound />
    ) : (
      <Frame title={t('titles.adminUser')}>
        <RetryBanner
          text={t('admin.user.loadFailed')}
          error={account.error}
          onRetry={() => void account.refetch()}
        />
      </Frame>
    );
  }
  if (!account.data) {
    return (
      <Frame title={t('titles.adminUser')}>
        <div className="admin-user__loading">
          <Loader size="medium" />
        </div>
      </Frame>
    );
  }
  return <Profile account={account.data} />;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="admin-user card">
      <Link to={paths.admin} className="text-link admin-user__back">
        ← {t('admin.user.back')}
      </Link>
      {children}
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Frame title={t('admin.user.notFound.heading')}>
      <section className="admin-user__state" aria-labelledby="admin-user-not-found">
        <h1 id="admin-user-not-found" className="admin-user__heading">
          {t('admin.user.notFound.heading')}
        </h1>
        <p className="admin-user__muted">{t('admin.user.notFound.text')}</p>
      </section>
    </Frame>
  );
}

function Profile({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const name = `${account.firstName} ${account.lastName}`.trim() || account.email;
  return (
    <Frame title={`${name} · ${t('titles.adminUser')}`}>
      <header className="admin-user__header">
        <h1 className="admin-user__heading">{name}</h1>
        <p className="admin-user__email">{account.email}</p>
        <AccountStatusPill account={account} />
      </header>

      {account.pending && <AccountApproval account={account} />}

      <Section id="admin-user-facts" heading={t('admin.user.factsHeading')}>
        <AccountFacts account={account} />
      </Section>

      <Section id="admin-user-edit" heading={t('admin.user.editHeading')}>
        <AccountEditForm account={account} />
      </Section>

      <Section id="admin-user-agents" heading={t('admin.user.agentsHeading', { count: account.agents })}>
        <BloomsTable userId={account.id} />
      </Section>

      <Section id="admin-user-chats" heading={t('admin.user.chatsHeading', { count: account.chats })}>
        <ChatsTable userId={account.id} />
      </Section>

      <DeleteAccountSection account={account} />
    </Frame>
  );
}

/** A titled part of the profile, named for assistive technology by its heading. */
function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="admin-user__section" aria-labelledby={id}>
      <h2 id={id} className="admin-user__section-heading">
        {heading}
      </h2>
      {children}
    </section>
  );
}
