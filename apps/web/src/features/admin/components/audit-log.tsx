import { formatDateTime } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAuditEvents } from '../api/admin-audit';
import { auditChangeLines } from '../audit-changes';
import { AdminTable } from './admin-table';
import { Pager } from './pager';
import { QueryStates } from './query-states';
import './audit-log.css';

/** What admins did, newest first, a page of 10: when, who, what, whom, and each changed field from → to. */
export function AuditLog() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const events = useAuditEvents(page);
  const columns = {
    when: t('admin.audit.columns.when'),
    who: t('admin.audit.columns.who'),
    what: t('admin.audit.columns.what'),
    whom: t('admin.audit.columns.whom'),
    changes: t('admin.audit.columns.changes'),
  };

  return (
    <QueryStates
      query={events}
      loadFailed={t('admin.audit.loadFailed')}
      emptyText={(result) => (result.events.length === 0 ? t('admin.audit.empty') : null)}
    >
      {(data) => (
        <div className="audit-log">
          <p className="audit-log__total">{t('admin.audit.total', { count: data.total })}</p>
          <AdminTable caption={t('admin.audit.caption')} columns={Object.values(columns)}>
            {data.events.map((event) => {
              const lines = auditChangeLines(t, event.changes);
              const targetIsLiveAccount =
                event.target.type === 'account' && event.action !== 'account.deleted';
              return (
                <tr key={event.id}>
                  <td data-label={columns.when} data-kind="date">
                    <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                  </td>
                  <td data-label={columns.who} data-kind="wrap">
                    {event.actor.email}
                  </td>
                  <td data-label={columns.what}>
                    {t(`admin.audit.actions.${event.action.replace('.', '_')}`)}
                  </td>
                  <td data-label={columns.whom} data-kind="wrap">
                    {targetIsLiveAccount ? (
                      <Link className="text-link" to={paths.adminUser(event.target.id)}>
                        {event.target.label}
                      </Link>
                    ) : (
                      event.target.label
                    )}
                  </td>
                  <td data-label={columns.changes}>
                    {lines.length === 0 ? (
                      '—'
                    ) : (
                      <ul className="audit-log__changes">
                        {lines.map((line) => (
                          <li key={line.field}>
                            <span className="audit-log__field">{line.label}:</span> {line.from}{' '}
                            <span aria-label={t('admin.audit.to')}>→</span> {line.to}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </AdminTable>
          <Pager page={page} total={data.total} onPage={setPage} label={t('admin.audit.pagesLabel')} />
        </div>
      )}
    </QueryStates>
  );
}
