import './data-table.css';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnFiltersState,
  type FilterFn,
  type PaginationState,
  type RowData,
  type SortFn,
  type SortingState,
} from '@tanstack/react-table';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/states.tsx';

/** A value a column sorts and filters on: what the cell shows, before formatting. */
type Plain = string | number | boolean | null | undefined;

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

/**
 * Server paging: the rows are one page the API returned (`page` 1-based, `hasMore` from its `has_more`). Sorting and
 * the column filters then act on the rows of that page; filters the server applies belong in the `toolbar`.
 */
export type ServerPaging = {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  /** The next page is on its way: the buttons wait. */
  fetching?: boolean;
};

type Props<T extends RowData> = {
  columns: readonly DataColumn<T>[];
  /** undefined while the first load is pending. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** The table's accessible name. */
  label: string;
  empty: string;
  error?: unknown;
  onRetry?: () => void;
  /** Without it the table pages the rows it was given, `pageSize` at a time. */
  paging?: ServerPaging;
  pageSize?: number;
  /** Filters above the table (server-side ones), and actions. */
  toolbar?: ReactNode;
  /** A row opens its details (a detail pane); the chosen row is highlighted. */
  onRowClick?: (row: T) => void;
  selectedKey?: string | number | null;
  rowTestId?: string;
  testId?: string;
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

const features = tableFeatures({
  columnFilteringFeature,
  rowSortingFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

const NO_ROWS: never[] = [];

/**
 * The console's table (@tanstack/react-table, headless): sortable headers, per-column filters, paging on the
 * client or by the server ("has more"), optional row selection for a detail pane. Wide screens show a table; on a
 * phone each row becomes a card of label/value lines (CSS only).
 */
export function DataTable<T extends RowData>(props: Props<T>) {
  const { t } = useTranslation();
  const { columns, rows, rowKey, paging, pageSize = 20 } = props;
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });

  const defs = useMemo(
    () =>
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
      })) as ColumnDef<typeof features, T>[],
    [columns],
  );

  const table = useTable({
    features,
    columns: defs,
    data: rows ?? NO_ROWS,
    getRowId: (row: T) => String(rowKey(row)),
    state: { sorting, columnFilters, pagination },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    onPaginationChange: setPagination,
    manualPagination: Boolean(paging),
    autoResetPageIndex: true,
  });

  const byId = new Map(columns.map((c) => [c.id, c]));
  const filterable = columns.some((c) => c.value && c.filter);
  const sortable = columns.filter((c) => c.value && c.sortable !== false);
  const sortValue = sorting[0] ? `${sorting[0].id}:${sorting[0].desc ? 'desc' : 'asc'}` : '';
  const pageRows = table.getRowModel().rows;

  let body: ReactNode;
  if (rows === undefined && props.error)
    body = <ErrorState error={props.error} onRetry={props.onRetry ?? (() => undefined)} />;
  else if (rows === undefined) body = <ListSkeleton />;
  else if (pageRows.length === 0) body = <EmptyState text={props.empty} />;
  else
    body = (
      <table className="dt__table" aria-label={props.label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const col = byId.get(header.column.id);
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={col?.align === 'end' ? 'dt__th dt__th--end' : 'dt__th'}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="dt__sort"
                        data-testid={`dt-sort-${header.column.id}`}
                        onClick={() => header.column.toggleSorting(sorted === 'asc', false)}
                      >
                        {col?.header}
                        <span aria-hidden="true" className="dt__arrow">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      col?.header
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {pageRows.map((row) => {
            const selected = props.selectedKey !== undefined && String(props.selectedKey) === row.id;
            return (
              <tr
                key={row.id}
                className={[props.onRowClick ? 'dt__row dt__row--click' : 'dt__row', selected ? 'is-selected' : '']
                  .join(' ')
                  .trim()}
                aria-selected={props.onRowClick ? selected : undefined}
                data-testid={props.rowTestId}
                tabIndex={props.onRowClick ? 0 : undefined}
                onClick={props.onRowClick ? () => props.onRowClick!(row.original) : undefined}
                onKeyDown={
                  props.onRowClick
                    ? (e) => {
                        if (e.key === 'Enter' || e.key === ' ') {
                          e.preventDefault();
                          props.onRowClick!(row.original);
                        }
                      }
                    : undefined
                }
              >
                {row.getAllCells().map((cell) => {
                  const col = byId.get(cell.column.id);
                  const cls = [
                    'dt__td',
                    col?.align === 'end' ? 'dt__td--end num' : '',
                    col?.nowrap ? 'dt__td--nowrap' : '',
                  ]
                    .join(' ')
                    .trim();
                  return (
                    <td key={cell.id} className={cls} data-label={col?.header}>
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    );

  return (
    <section className="dt" data-testid={props.testId} aria-busy={paging?.fetching ? true : undefined}>
      {(props.toolbar || filterable || sortable.length > 0) && (
        <div className="dt__toolbar">
          {props.toolbar}
          {sortable.length > 0 && (
            // A phone shows rows as cards without headers: sorting is chosen here instead.
            <label className="dt__filter dt__sortbar">
              <span className="dt__filter-label">{t('console.table.sortBy')}</span>
              <select
                className="dt__input"
                value={sortValue}
                data-testid="dt-sort-select"
                onChange={(e) => {
                  const [id, dir] = e.target.value.split(':');
                  setSorting(id ? [{ id, desc: dir === 'desc' }] : []);
                }}
              >
                <option value="">{t('console.table.none')}</option>
                {sortable.flatMap((c) =>
                  (['asc', 'desc'] as const).map((dir) => (
                    <option key={`${c.id}:${dir}`} value={`${c.id}:${dir}`}>
                      {c.header} {dir === 'asc' ? '▲' : '▼'}
                    </option>
                  )),
                )}
              </select>
            </label>
          )}
          {table.getAllLeafColumns().map((column) => {
            const col = byId.get(column.id);
            if (!col?.filter || !column.getCanFilter()) return null;
            const wanted = column.getFilterValue();
            const value = typeof wanted === 'string' ? wanted : '';
            return (
              <label key={column.id} className="dt__filter">
                <span className="dt__filter-label">{col.header}</span>
                {col.filter === 'text' ? (
                  <input
                    type="search"
                    className="dt__input"
                    value={value}
                    placeholder={t('console.table.filterText')}
                    data-testid={`dt-filter-${column.id}`}
                    onChange={(e) => column.setFilterValue(e.target.value || undefined)}
                  />
                ) : (
                  <select
                    className="dt__input"
                    value={value}
                    data-testid={`dt-filter-${column.id}`}
                    onChange={(e) => column.setFilterValue(e.target.value || undefined)}
                  >
                    <option value="">{t('console.table.all')}</option>
                    {col.filter.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                )}
              </label>
            );
          })}
        </div>
      )}
      <div className="dt__scroll">{body}</div>
      {rows !== undefined &&
        (paging ? (
          <Pager
            page={paging.page}
            of={null}
            shown={pageRows.length}
            loading={Boolean(paging.fetching)}
            canPrev={paging.page > 1 && !paging.fetching}
            canNext={paging.hasMore && !paging.fetching}
            onPrev={() => paging.onPage(paging.page - 1)}
            onNext={() => paging.onPage(paging.page + 1)}
          />
        ) : (
          <Pager
            page={pagination.pageIndex + 1}
            of={Math.max(1, table.getPageCount())}
            shown={pageRows.length}
            canPrev={table.getCanPreviousPage()}
            canNext={table.getCanNextPage()}
            onPrev={() => table.previousPage()}
            onNext={() => table.nextPage()}
          />
        ))}
    </section>
  );
}

type PagerProps = {
  page: number;
  /** The page is on its way: the rows on screen are the previous ones. */
  loading?: boolean;
  /** Client paging: the number of pages; server paging does not know it. */
  of: number | null;
  shown: number;
  canPrev: boolean;
  canNext: boolean;
  onPrev: () => void;
  onNext: () => void;
};

/** Previous / page N / next: the server's has-more, or the client's page count. */
function Pager({ page, of, shown, loading = false, canPrev, canNext, onPrev, onNext }: PagerProps) {
  const { t } = useTranslation();
  if (of === 1 && page === 1) return null;
  return (
    <nav className="dt__pager" aria-label={t('console.table.paging')}>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={!canPrev}
        data-testid="dt-prev"
        onClick={onPrev}
      >
        {t('console.table.prev')}
      </button>
      <span className="dt__page num" data-testid="dt-page">
        {of === null ? t('console.table.page', { page }) : t('console.table.pageOf', { page, of })}
        <span className="muted"> · {loading ? t('common.loading') : t('console.table.rows', { count: shown })}</span>
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={!canNext}
        data-testid="dt-next"
        onClick={onNext}
      >
        {t('console.table.next')}
      </button>
    </nav>
  );
}
