import type { ReactNode } from 'react';
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type FilterFn,
  type RowData,
  type SortFn,
} from '@tanstack/react-table';

// The console table's model on @tanstack/react-table: what a column is, how values sort and filter.

/** A value a column sorts and filters on: what the cell shows, before formatting. */
export type Plain = string | number | boolean | null | undefined;

/**
 * One column of a console table. `value` is what sorting and the column's filter read; `cell` how it is shown
 * (defaults to the value). A column without `value` neither sorts nor filters.
 */
export type DataColumn<T extends RowData> = {
  id: string;
  header: string;
  value?: (row: T) => Plain;
  cell?: (row: T) => ReactNode;
  /** Default true when the column has a value. */
  sortable?: boolean;
  /** A filter under the header: free text (contains, any case) or a choice of exact values. */
  filter?: 'text' | { options: readonly { value: string; label: string }[] };
  /** Numbers and amounts line up on the right. */
  align?: 'end';
  /** Keep on one line (ids, times, amounts). */
  nowrap?: boolean;
};

const plain = (v: unknown): Plain =>
  v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? v
    : JSON.stringify(v);

/** Numbers compare as numbers, the rest as text; empty values sort last either way. */
const byValue: SortFn<typeof features, RowData> = (a, b, id) => {
  const x = plain(a.getValue(id));
  const y = plain(b.getValue(id));
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x ?? '').localeCompare(String(y ?? ''), undefined, { numeric: true });
};

const contains: FilterFn<typeof features, RowData> = (row, id, wanted) => {
  const needle = String(wanted ?? '')
    .trim()
    .toLowerCase();
  return (
    needle === '' ||
    String(plain(row.getValue(id)) ?? '')
      .toLowerCase()
      .includes(needle)
  );
};
const equals: FilterFn<typeof features, RowData> = (row, id, wanted) =>
  wanted === '' || wanted === undefined || String(plain(row.getValue(id)) ?? '') === String(wanted);

export const features = tableFeatures({
  columnFilteringFeature,
  rowSortingFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

/** The library's column definitions for the console's columns. */
export const columnDefs = <T extends RowData>(columns: readonly DataColumn<T>[]) =>
  columns.map((c): ColumnDef<typeof features, T, Plain> => ({
    id: c.id,
    header: c.header,
    ...(c.value ? { accessorFn: (row: T) => c.value!(row) } : {}),
    cell: ({ row }) => (c.cell ? c.cell(row.original) : (c.value?.(row.original) ?? '—')),
    enableSorting: Boolean(c.value) && c.sortable !== false,
    enableColumnFilter: Boolean(c.value && c.filter),
    sortFn: byValue as SortFn<typeof features, T>,
    filterFn: (c.filter === 'text' ? contains : equals) as FilterFn<typeof features, T>,
    sortUndefined: 'last',
  })) as ColumnDef<typeof features, T>[];
