// @vitest-environment happy-dom
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { DataTable, type DataColumn } from './data-table.tsx';

type Row = { id: number; name: string; kind: string };
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: `row ${String(25 - i).padStart(2, '0')}`,
  kind: i % 3 === 0 ? 'alpha' : 'beta',
}));
const columns: DataColumn<Row>[] = [
  { id: 'id', header: 'Id', value: (r) => r.id, align: 'end' },
  { id: 'name', header: 'Name', value: (r) => r.name, filter: 'text' },
  {
    id: 'kind',
    header: 'Kind',
    value: (r) => r.kind,
    filter: {
      options: [
        { value: 'alpha', label: 'Alpha' },
        { value: 'beta', label: 'Beta' },
      ],
    },
  },
];
const ids = () => screen.getAllByTestId('row').map((tr) => Number(within(tr).getAllByRole('cell')[0]!.textContent));

describe('DataTable', () => {
  it('pages the rows it is given, sorts ascending then descending, and filters by text and by choice', async () => {
    const { user } = renderWithApp(
      <DataTable
        label="t"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty="none"
        rowTestId="row"
        pageSize={10}
      />,
    );
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(screen.getByTestId('dt-page').textContent).toContain('1');
    await user.click(screen.getByTestId('dt-next'));
    expect(ids()).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    await user.click(screen.getByTestId('dt-sort-name'));
    // Sorting starts over at page 1: names ascending are ids 25, 24, …
    expect(ids()).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    await user.click(screen.getByTestId('dt-sort-id'));
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await user.click(screen.getByTestId('dt-sort-id'));
    expect(ids()).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    await user.type(screen.getByTestId('dt-filter-name'), 'row 0');
    expect(ids()).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17]);
    await user.selectOptions(screen.getByTestId('dt-filter-kind'), 'alpha');
    expect(ids()).toEqual([25, 22, 19]);
    await user.type(screen.getByTestId('dt-filter-name'), 'zz');
    expect(screen.getByTestId('empty-state')).toBeTruthy();
  });

  it('with server paging shows the rows as one page and asks for the next while the server has more', async () => {
    const asked: number[] = [];
    function Server() {
      const [page, setPage] = useState(1);
      const list = rows.slice((page - 1) * 20, page * 20);
      return (
        <DataTable
          label="t"
          columns={columns}
          rows={list}
          rowKey={(r) => r.id}
          empty="none"
          rowTestId="row"
          paging={{
            page,
            hasMore: page * 20 < rows.length,
            onPage: (p) => {
              asked.push(p);
              setPage(p);
            },
          }}
        />
      );
    }
    const { user } = renderWithApp(<Server />);
    expect(ids()).toHaveLength(20);
    expect(screen.getByTestId<HTMLButtonElement>('dt-prev').disabled).toBe(true);
    await user.click(screen.getByTestId('dt-next'));
    expect(ids()).toEqual([21, 22, 23, 24, 25]);
    expect(screen.getByTestId<HTMLButtonElement>('dt-next').disabled).toBe(true);
    await user.click(screen.getByTestId('dt-prev'));
    expect(ids()).toHaveLength(20);
    expect(asked).toEqual([2, 1]);
  });

  it('calls a row click with the row, by mouse and by keyboard', async () => {
    const onRowClick = vi.fn();
    const { user } = renderWithApp(
      <DataTable
        label="t"
        columns={columns}
        rows={rows.slice(0, 3)}
        rowKey={(r) => r.id}
        empty="none"
        rowTestId="row"
        onRowClick={onRowClick}
      />,
    );
    await user.click(screen.getAllByTestId('row')[1]!);
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
    screen.getAllByTestId('row')[2]!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[2]);
  });
});
