import './data-table.css';
import { useMemo, useState, type ReactNode } from 'react';
import {
  useTable,
  type ColumnFiltersState,
  type PaginationState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/states.tsx';
import { Pager } from './pager.tsx';
import { columnDefs, features, type DataColumn } from './table-model.ts';
import { TableToolbar, hasToolbar } from './table-toolbar.tsx';

export type { DataColumn } from './table-model.ts';

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

const NO_ROWS: never[] = [];

/**
 * The console's table (@tanstack/react-table, headless): sortable headers, per-column filters (the toolbar,
 * table-toolbar.tsx), paging on the client or by the server ("has more", pager.tsx), optional row selection for a
 * detail pane. Wide screens show a table; on a phone each row becomes a card of label/value lines (CSS only).
 */
export function DataTable<T extends RowData>(props: Props<T>) {
  const { columns, rows, rowKey, paging, pageSize = 20 } = props;
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });

  const defs = useMemo(() => columnDefs(columns), [columns]);

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
      {hasToolbar(columns, props.toolbar) && (
        <TableToolbar columns={columns} leafColumns={table.getAllLeafColumns()} sorting={sorting} onSort={setSorting}>
          {props.toolbar}
        </TableToolbar>
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
