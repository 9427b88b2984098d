import { useEffect, useRef, type ReactNode } from 'react';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@fairdraw/contract';
import { EmptyState, ErrorState, ListSkeleton } from './states.tsx';

type Props<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Paged<T>>>;
  empty: string;
  emptyAction?: ReactNode;
  render: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
};

/** A list that loads more as it scrolls and ends with 'No more data'; skeleton, empty and error states. */
export function PagedList<T>({ query, empty, emptyAction, render, itemKey }: Props<T>) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (items.length === 0) return <EmptyState text={empty} action={emptyAction} />;
  return (
    <>
      <ul className="card-list">
        {items.map((item) => (
          <li key={itemKey(item)} className="card-list__item">
            {render(item)}
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="list-end">
        {hasNextPage ? (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
          </button>
        ) : (
          <span data-testid="no-more-data">{t('common.noMore')}</span>
        )}
      </div>
    </>
  );
}
