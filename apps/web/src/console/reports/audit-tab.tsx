import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@fairdraw/contract';
import { useAuditPage } from './api/get-audit.ts';
import { SplitView } from '../ui/split-view.tsx';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';

const utc = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
const pretty = (v: unknown) => {
  if (v === null || v === undefined) return '—';
  try {
    return JSON.stringify(typeof v === 'string' ? JSON.parse(v) : v, null, 2);
  } catch {
    return typeof v === 'string' ? v : '—';
  }
};

/** The append-only audit log: who, what, when (UTC), before → after; a row opens both snapshots in full. */
export function AuditTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<AuditEntry | null>(null);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const audit = useAuditPage(page, q);
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setQ(search.trim());
    setPage(1);
    setChosen(null);
  };

  const columns = useMemo<DataColumn<AuditEntry>[]>(
    () => [
      { id: 'id', header: t('console.audit.id'), value: (a) => a.id, align: 'end', nowrap: true },
      {
        id: 'at',
        header: t('console.audit.at'),
        value: (a) => a.at,
        cell: (a) => <time dateTime={new Date(a.at).toISOString()}>{utc(a.at)}</time>,
        nowrap: true,
      },
      { id: 'actor', header: t('console.audit.actor'), value: (a) => a.actor, filter: 'text' },
      { id: 'action', header: t('console.audit.action'), value: (a) => a.action, filter: 'text' },
      { id: 'target', header: t('console.audit.target'), value: (a) => a.target, filter: 'text' },
      {
        id: 'change',
        header: t('console.audit.change'),
        cell: (a) => (
          <span className="cell-clip mono" title={`${show(a.before)} → ${show(a.after)}`}>
            {show(a.before)} → {show(a.after)}
          </span>
        ),
      },
    ],
    [t],
  );

  return (
    <SplitView
      onClose={() => setChosen(null)}
      list={
        <DataTable
          testId="audit-table"
          rowTestId="audit-item"
          label={t('admin.tabs.audit')}
          columns={columns}
          rows={audit.data?.list}
          rowKey={(a) => a.id}
          empty={t('admin.noAudit')}
          error={audit.error}
          onRetry={() => void audit.refetch()}
          paging={{
            page,
            hasMore: audit.data?.has_more ?? false,
            onPage: (p) => {
              setPage(p);
              setChosen(null);
            },
            fetching: audit.isFetching,
          }}
          onRowClick={setChosen}
          selectedKey={chosen?.id ?? null}
          toolbar={
            <form className="dt__search" role="search" onSubmit={onSearch}>
              <label className="dt__filter">
                <span className="dt__filter-label">{t('console.audit.search')}</span>
                <input
                  type="search"
                  className="dt__input"
                  value={search}
                  maxLength={60}
                  data-testid="audit-search"
                  onChange={(e) => setSearch(e.target.value)}
                />
              </label>
              <button type="submit" className="btn btn--ghost btn--small" data-testid="audit-search-go">
                {t('admin.searchGo')}
              </button>
            </form>
          }
        />
      }
      detail={
        chosen && (
          <>
            <h3>
              {chosen.action} <span className="muted num">#{chosen.id}</span>
            </h3>
            <dl className="console-facts">
              <dt>{t('console.audit.actor')}</dt>
              <dd>{chosen.actor}</dd>
              <dt>{t('console.audit.target')}</dt>
              <dd className="mono">{chosen.target}</dd>
              <dt>{t('console.audit.at')}</dt>
              <dd className="num">{utc(chosen.at)}</dd>
            </dl>
            <p className="muted">{t('console.audit.before')}</p>
            <pre className="code-block" data-testid="audit-before">
              {pretty(chosen.before)}
            </pre>
            <p className="muted">{t('console.audit.after')}</p>
            <pre className="code-block" data-testid="audit-after">
              {pretty(chosen.after)}
            </pre>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setChosen(null)}>
              {t('console.close')}
            </button>
          </>
        )
      }
    />
  );
}
