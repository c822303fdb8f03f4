import { formatDateTime, roleNames, type AdminAccount } from '@greenhouse/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { LiveRegion } from '../../../components/notice/notice';
import { paths } from '../../../lib/paths';
import { useAdminAccounts } from '../api/admin-accounts';
import { statusFilterQuery, statusFilters, type StatusFilter } from '../account-status';
import { usersQueryFrom, usersSearchUpdate, type UsersSearch } from '../users-search';
import { AccountStatusPill } from './account-status-pill';
import { AdminTable } from './admin-table';
import { Pager } from './pager';
import { QueryStates } from './query-states';
import './users-tab.css';

/** How long the e-mail search waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The users tab: the e-mail search (debounced), the role and status filters, the total, a page of 10 accounts
 * (newest first) and the pager. The search, the filters and the page are in the address (replaced, not
 * added), so Back from an account's page finds the list as it was.
 */
export function UsersTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = usersQueryFrom(params);
  const update = (changes: Partial<UsersSearch>) =>
    setParams((current) => usersSearchUpdate(current, changes), { replace: true });

  const [emailText, setEmailText] = useState(search.email);
  // The search the address had when the box last agreed with it: another one came from elsewhere (Back, a
  // link), and the box shows it instead of what was typed before.
  const lastSearch = useRef(search.email);
  useEffect(() => {
    if (search.email === lastSearch.current) return;
    lastSearch.current = search.email;
    setEmailText(search.email);
  }, [search.email]);
  useEffect(() => {
    const email = emailText.trim();
    if (email === search.email) return;
    const timer = setTimeout(() => {
      lastSearch.current = email;
      update({ email, page: 1 });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `update` is a new function every render; the timer depends only on what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [emailText, search.email]);

  const accounts = useAdminAccounts({
    page: search.page,
    email: search.email || undefined,
    role: search.role === 'all' ? undefined : search.role,
    ...statusFilterQuery(search.status),
  });

  const data = accounts.data;

  return (
    <div className="users-tab">
      <div role="search" className="users-tab__filters" aria-label={t('admin.users.filtersLabel')}>
        <TextField
          className="users-tab__search"
          label={t('admin.users.searchLabel')}
          type="search"
          inputMode="email"
          autoComplete="off"
          placeholder={t('admin.users.searchPlaceholder')}
          value={emailText}
          onChange={(event) => setEmailText(event.target.value)}
        />
        <SelectField
          label={t('admin.users.roleFilter')}
          value={search.role}
          onChange={(event) => update({ role: event.target.value as UsersSearch['role'], page: 1 })}
          options={[
            { value: 'all', label: t('admin.users.anyRole') },
            ...roleNames.map((role) => ({ value: role, label: t(`admin.roles.${role}`) })),
          ]}
        />
        <SelectField
          label={t('admin.users.statusFilter')}
          value={search.status}
          onChange={(event) => update({ status: event.target.value as StatusFilter, page: 1 })}
          options={statusFilters.map((status) => ({
            value: status,
            label: t(`admin.users.statusFilters.${status}`),
          }))}
        />
      </div>

      <LiveRegion>
        {data && (
          <p className="users-tab__total">
            {t('admin.users.total', { count: data.total })}
            {accounts.isFetching && <span className="visually-hidden"> {t('common.loading')}</span>}
          </p>
        )}
      </LiveRegion>

      <QueryStates
        query={accounts}
        loadFailed={t('admin.users.loadFailed')}
        emptyText={(result) =>
          result.accounts.length > 0
            ? null
            : search.email || search.role !== 'all' || search.status !== 'all'
              ? t('admin.users.noMatches')
              : t('admin.users.empty')
        }
      >
        {(result) => <UsersTable accounts={result.accounts} busy={accounts.isFetching} />}
      </QueryStates>

      {data && (
        <Pager
          page={search.page}
          total={data.total}
          onPage={(page) => update({ page })}
          label={t('admin.users.pagesLabel')}
        />
      )}
    </div>
  );
}

function UsersTable({ accounts, busy }: { accounts: AdminAccount[]; busy: boolean }) {
  const { t } = useTranslation();
  const columns = {
    name: t('admin.users.columns.name'),
    email: t('admin.users.columns.email'),
    role: t('admin.users.columns.role'),
    status: t('admin.users.columns.status'),
    agents: t('admin.users.columns.agents'),
    chats: t('admin.users.columns.chats'),
    created: t('admin.users.columns.created'),
    lastSeen: t('admin.users.columns.lastSeen'),
  };
  return (
    <div aria-busy={busy} className={busy ? 'users-tab__table users-tab__table--busy' : 'users-tab__table'}>
      <AdminTable caption={t('admin.users.caption')} columns={Object.values(columns)}>
        {accounts.map((account) => {
          const name = `${account.firstName} ${account.lastName}`.trim() || account.email;
          return (
            <tr key={account.id}>
              <td data-label={columns.name} data-kind="wrap">
                <Link className="text-link" to={paths.adminUser(account.id)}>
                  {name}
                </Link>
              </td>
              <td data-label={columns.email} data-kind="wrap">
                {account.email}
              </td>
              <td data-label={columns.role}>{t(`admin.roles.${account.role.name}`)}</td>
              <td data-label={columns.status}>
                <AccountStatusPill account={account} />
              </td>
              <td data-label={columns.agents} data-kind="number">
                {account.agents}
              </td>
              <td data-label={columns.chats} data-kind="number">
                {account.chats}
              </td>
              <td data-label={columns.created} data-kind="date">
                <time dateTime={account.createdAt}>{formatDateTime(account.createdAt)}</time>
              </td>
              <td data-label={columns.lastSeen} data-kind="date">
                {account.lastSeenAt ? (
                  <time dateTime={account.lastSeenAt}>{formatDateTime(account.lastSeenAt)}</time>
                ) : (
                  t('admin.never')
                )}
              </td>
            </tr>
          );
        })}
      </AdminTable>
    </div>
  );
}
