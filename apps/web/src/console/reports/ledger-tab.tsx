import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/skeleton.tsx';
import { ErrorState } from '../../components/states.tsx';
import { useLedgerCheck } from './api/ledger-check.ts';

/** The ledger invariants report: OK, or the unbalanced transactions and cached/recomputed differences. */
export function LedgerTab() {
  const { t } = useTranslation();
  const ledger = useLedgerCheck();
  if (ledger.isPending) return <Skeleton style={{ height: 120, margin: 12 }} />;
  if (ledger.isError) return <ErrorState error={ledger.error} onRetry={() => void ledger.refetch()} />;
  const r = ledger.data;
  return (
    <section className="panel" data-testid="ledger-report">
      <p className={`status status--${r.ok ? 'ok' : 'bad'} status--big`} role="status">
        <span aria-hidden="true">{r.ok ? '✓' : '✕'}</span> {r.ok ? t('admin.ledgerOk') : t('admin.ledgerBad')}
      </p>
      <dl className="facts">
        <div>
          <dt>{t('admin.transactions')}</dt>
          <dd className="num">{r.transactions}</dd>
        </div>
        <div>
          <dt>{t('admin.postings')}</dt>
          <dd className="num">{r.postings}</dd>
        </div>
        <div>
          <dt>{t('admin.ledgerTotal')}</dt>
          <dd className="num">{r.total}</dd>
        </div>
      </dl>
      {r.unbalanced.length > 0 && (
        <ul className="diff-list">
          {r.unbalanced.map((u) => (
            <li key={u.transaction_id} className="num">
              #{u.transaction_id}: {u.sum}
            </li>
          ))}
        </ul>
      )}
      {r.mismatches.length > 0 && (
        <ul className="diff-list">
          {r.mismatches.map((m) => (
            <li key={m.account} className="num break">
              {m.account}: {m.cached} ≠ {m.recomputed}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn--ghost btn--small"
        onClick={() => void ledger.refetch()}
        disabled={ledger.isFetching}
      >
        {t('admin.recheck')}
      </button>
    </section>
  );
}
