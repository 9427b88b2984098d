import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { Paged } from '@fairdraw/contract';
import { apiRequest } from './api-client.ts';

export const PAGE_SIZE = 20;

/** Infinite-query options over a paged list (`{list, page, limit, has_more}`, page 1-based). */
export function pagedQuery<T>(queryKey: QueryKey, path: string, query: Record<string, string | number | undefined>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => apiRequest<Paged<T>>(path, { query: { ...query, page: pageParam, limit: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<T>) => (last.has_more ? last.page + 1 : undefined),
  });
}
