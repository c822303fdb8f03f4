import type { AdminBloom } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { Spinner } from '../../../components/spinner/spinner';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { paths } from '../../../lib/paths';
import { useAdminBlooms, useRetryBloom } from '../api/admin-blooms';
import { AdminTable } from './admin-table';
import { NoValue } from './no-value';
import { Pager } from './pager';
import { QueryStates } from './query-states';
import './blooms-table.css';

type RetryOutcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * Every agent (or one account's, `userId`), failed ones first as the server orders them, a page of 10: name,
 * owner, stage and status, payment, failure reason, and Retry on a failed one (then the list is read again).
 */
export function BloomsTable({ userId }: { userId?: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const blooms = useAdminBlooms({ page, userId });
  const retry = useRetryBloom();
  const [outcome, setOutcome] = useState<RetryOutcome>(null);

  const onRetry = async (bloom: AdminBloom) => {
    setOutcome(null);
    try {
      await retry.mutateAsync(bloom.id);
      setOutcome({ tone: 'success', text: t('admin.agents.retried', { name: bloom.name }) });
    } catch (error) {
      setOutcome({
        tone: 'error',
        text: t('admin.agents.retryFailed', { name: bloom.name, reason: apiErrorMessage(t, error) }),
      });
    }
  };

  const columns = {
    name: t('admin.agents.columns.name'),
    owner: t('admin.agents.columns.owner'),
    stage: t('admin.agents.columns.stage'),
    payment: t('admin.agents.columns.payment'),
    failure: t('admin.agents.columns.failure'),
    actions: t('admin.agents.columns.actions'),
  };
  const shown = userId
    ? [columns.name, columns.stage, columns.payment, columns.failure, columns.actions]
    : Object.values(columns);
  const data = blooms.data;

  return (
    <div className="blooms-table">
      <LiveRegion assertive={outcome?.tone === 'error'}>
        {outcome && <Banner tone={outcome.tone}>{outcome.text}</Banner>}
      </LiveRegion>
      <QueryStates
        query={blooms}
        loadFailed={t('admin.agents.loadFailed')}
        emptyText={(result) =>
          result.blooms.length > 0 ? null : userId ? t('admin.agents.emptyForUser') : t('admin.agents.empty')
        }
      >
        {(result) => (
          <>
            {/* One account's page says how many it has in its heading. */}
            {!userId && (
              <p className="blooms-table__total">{t('admin.agents.total', { count: result.total })}</p>
            )}
            <AdminTable caption={t('admin.agents.caption')} columns={shown}>
              {result.blooms.map((bloom) => {
                const retrying = retry.isPending && retry.variables === bloom.id;
                return (
                  <tr key={bloom.id} data-status={bloom.status}>
                    <td data-label={columns.name} data-kind="wrap">
                      {bloom.name}
                    </td>
                    {!userId && (
                      <td data-label={columns.owner} data-kind="wrap">
                        <Link className="text-link" to={paths.adminUser(bloom.owner.id)}>
                          {bloom.owner.email}
                        </Link>
                      </td>
                    )}
                    <td data-label={columns.stage}>
                      <StageCell bloom={bloom} />
                    </td>
                    <td data-label={columns.payment}>{t(`paymentStatus.${bloom.payment.status}`)}</td>
                    <td data-label={columns.failure}>
                      {bloom.failure ? (
                        <span className="blooms-table__failure">
                          {bloom.failure.message}
                          <code className="blooms-table__code">{bloom.failure.code}</code>
                        </span>
                      ) : (
                        <NoValue />
                      )}
                    </td>
                    <td data-label={columns.actions}>
                      {bloom.status === 'failed' ? (
                        <button
                          type="button"
                          className="btn btn--outline blooms-table__retry"
                          onClick={() => void onRetry(bloom)}
                          disabled={retrying}
                          aria-busy={retrying}
                          aria-label={t('admin.agents.retryLabel', { name: bloom.name })}
                        >
                          {retrying && <Spinner dark />}
                          {retrying ? t('admin.agents.retrying') : t('admin.agents.retry')}
                        </button>
                      ) : (
                        <NoValue />
                      )}
                    </td>
                  </tr>
                );
              })}
            </AdminTable>
          </>
        )}
      </QueryStates>
      {data && <Pager page={page} total={data.total} onPage={setPage} label={t('admin.agents.pagesLabel')} />}
    </div>
  );
}

function StageCell({ bloom }: { bloom: AdminBloom }) {
  const { t } = useTranslation();
  if (!bloom.stage) return <span className="blooms-table__status">{t('admin.agents.trained')}</span>;
  return (
    <span className="blooms-table__stage">
      {t(`stages.names.${bloom.stage.name}`)}
      <span className={`blooms-table__status blooms-table__status--${bloom.stage.status}`}>
        {t(`stages.status.${bloom.stage.status}`)}
      </span>
    </span>
  );
}
