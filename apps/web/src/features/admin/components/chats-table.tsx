import { formatDateTime } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminChats } from '../api/admin-chats';
import { AdminTable } from './admin-table';
import { Pager } from './pager';
import { QueryStates } from './query-states';
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
      <QueryStates
        query={chats}
        loadFailed={t('admin.chats.loadFailed')}
        emptyText={(result) => (result.chats.length === 0 ? t('admin.chats.emptyForUser') : null)}
      >
        {(result) => (
          <AdminTable caption={t('admin.chats.caption')} columns={Object.values(columns)}>
            {result.chats.map((chat) => (
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
      </QueryStates>
      {data && <Pager page={page} total={data.total} onPage={setPage} label={t('admin.chats.pagesLabel')} />}
    </div>
  );
}
