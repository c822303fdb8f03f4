import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../loader/loader';
import './infinite-list.css';

interface InfiniteListProps {
  /** Accessible name of the list. */
  label: string;
  isPending: boolean;
  /** The first page failed (a failed later refresh keeps showing what was loaded). */
  isError: boolean;
  isEmpty: boolean;
  emptyText: string;
  errorText: string;
  onRetry: () => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The <li> rows. */
  children: ReactNode;
}

/** A scrolling list that loads its next page when its end scrolls into view. */
export function InfiniteList(props: InfiniteListProps) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = props;
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined')
      return;
    // A new observer after every page reports at once whether the end is still in view.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root: scrollRef.current, rootMargin: '0px 0px 80px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (props.isPending) {
    return (
      <div className="infinite-list__state">
        <Loader size="small" />
      </div>
    );
  }
  if (props.isError) {
    return (
      <div className="infinite-list__state">
        <p>{props.errorText}</p>
        <button type="button" className="btn btn--outline" onClick={props.onRetry}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  if (props.isEmpty) return <p className="infinite-list__state">{props.emptyText}</p>;

  return (
    <div ref={scrollRef} className="infinite-list">
      <ul className="infinite-list__items" aria-label={props.label}>
        {props.children}
      </ul>
      {hasNextPage && (
        <div ref={sentinelRef} className="infinite-list__more">
          {isFetchingNextPage && <Loader size="small" label={t('sidebar.loadingMore')} />}
        </div>
      )}
    </div>
  );
}
