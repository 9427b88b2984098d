import type { Paged } from '@fairdraw/contract';

/**
 * Repositories fetch one row more than the page holds; that extra row only tells whether there is a next page.
 */
export function toPage<R, T>(rows: R[], query: { page: number; limit: number }, map: (row: R) => T): Paged<T> {
  return {
    list: rows.slice(0, query.limit).map((row) => map(row)),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}
