import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column, RowData, SortingState } from '@tanstack/react-table';
import type { DataColumn, features } from './table-model.ts';

type Props<T extends RowData> = {
  columns: readonly DataColumn<T>[];
  /** The library's columns, for each one's filter value. */
  leafColumns: readonly Column<typeof features, T>[];
  sorting: SortingState;
  onSort: (sorting: SortingState) => void;
  /** Filters the server applies, and actions: shown first. */
  children?: ReactNode;
};

/** Whether a table needs its toolbar: something of the screen's own, a column filter or a sortable column. */
export const hasToolbar = <T extends RowData>(columns: readonly DataColumn<T>[], extra: ReactNode) =>
  Boolean(extra) || columns.some((c) => c.value && (c.filter || c.sortable !== false));

/**
 * Above a console table: the screen's own filters and actions, the "Sort by" list (a phone shows rows as cards
 * without headers, so sorting is chosen here) and one filter per filterable column (free text or a choice).
 */
export function TableToolbar<T extends RowData>({ columns, leafColumns, sorting, onSort, children }: Props<T>) {
  const { t } = useTranslation();
  const byId = new Map(columns.map((c) => [c.id, c]));
  const sortable = columns.filter((c) => c.value && c.sortable !== false);
  const sortValue = sorting[0] ? `${sorting[0].id}:${sorting[0].desc ? 'desc' : 'asc'}` : '';
  return (
    <div className="dt__toolbar">
      {children}
      {sortable.length > 0 && (
        <label className="dt__filter dt__sortbar">
          <span className="dt__filter-label">{t('console.table.sortBy')}</span>
          <select
            className="dt__input"
            value={sortValue}
            data-testid="dt-sort-select"
            onChange={(e) => {
              const [id, dir] = e.target.value.split(':');
              onSort(id ? [{ id, desc: dir === 'desc' }] : []);
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
      {leafColumns.map((column) => {
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
  );
}
