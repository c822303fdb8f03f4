import { formatDateTime } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/loader/loader';
import { RetryBanner } from '../../../components/notice/retry-banner';
import { useAdminChats } from '../api/admin-chats';
import { AdminTable } from './admin-table';
import { Pager } from './pager';
import './chats-table.css';

/** One account's chats, most recently active first, a page of 10: title, designer, state and dates. */
export function ChatsTable({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const chats = useAdminChats({ page, userId });
  const data = chats.data;
  const columns = {
    title: t('admin.chats.columns.title'),
    mode: t('admin.chats.columns.mode'),
    state: t('admin.chats.columns.state'),
    created: t('admin.chats.columns.created'),
    updated: t('admin.chats.columns.updated'),
  };
  const date = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

  return (
    <div className="chats-table">
      {chats.isError && !data ? (
        <RetryBanner
          text={t('admin.chats.loadFailed')}
          error={chats.error}
          onRetry={() => void chats.refetch()}
        />
      ) : !data ? (
        <div className="chats-table__loading">
          <Loader size="medium" />
        </div>
      ) : data.chats.length === 0 ? (
        <p className="chats-table__empty">{t('admin.chats.emptyForUser')}</p>
      ) : (
        <AdminTable caption={t('admin.chats.caption')} columns={Object.values(columns)}>
          {data.chats.map((chat) => (
            <tr key={chat.id} data-state={chat.state}>
              <td data-label={columns.title} data-kind="wrap">
                {chat.title}
              </td>
              <td data-label={columns.mode}>{t(`admin.chats.modes.${chat.mode}`)}</td>
              <td data-label={columns.state}>
                <span className={`chats-table__state chats-table__state--${chat.state}`}>
                  {t(`admin.chats.states.${chat.state}`)}
                </span>
              </td>
              <td data-label={columns.created}>{date(chat.createdAt)}</td>
              <td data-label={columns.updated}>{date(chat.updatedAt)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {data && <Pager page={page} total={data.total} onPage={setPage} label={t('admin.chats.pagesLabel')} />}
    </div>
  );
}
