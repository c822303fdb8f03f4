import type { ReactNode } from 'react';
import { Loader } from '../../../components/loader/loader';
import { RetryBanner } from '../../../components/notice/retry-banner';
import './query-states.css';

interface QueryStatesProps<T> {
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  /** What failed, for the retry banner. */
  loadFailed: string;
  /** What to say instead of an empty page, or null when the page has rows. */
  emptyText: (data: T) => string | null;
  children: (data: T) => ReactNode;
}

/**
 * The admin panel's paged lists while their page loads: the retry banner when the first load failed, a
 * spinner until a page is in, a line when the page is empty, else the page (a failed refetch keeps the page).
 */
export function QueryStates<T>({ query, loadFailed, emptyText, children }: QueryStatesProps<T>) {
  const { data } = query;
  if (query.isError && !data)
    return <RetryBanner text={loadFailed} error={query.error} onRetry={() => void query.refetch()} />;
  if (!data)
    return (
      <div className="query-states__loading">
        <Loader size="medium" />
      </div>
    );
  const empty = emptyText(data);
  return empty === null ? children(data) : <p className="query-states__empty">{empty}</p>;
}
