import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountHistory, AccountMovement } from '@fairdraw/contract';
import { PagedList } from '../../../components/paged-list.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useAccountHistory } from '../api/get-history.ts';
import { downloadExport } from '../api/export-csv.ts';
import '../wallet.css';

/** YYYY-MM-DD plus calendar months (a day the month lacks runs over, as on the server). */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

/** The wallet's History tab: a CSV export of chosen days and the movements of the last three months. */
export function AccountHistoryView({ token }: { token: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useAccountHistory(token, lang);
  const first = list.data?.pages[0] as AccountHistory | undefined;
  return (
    <>
      {first && <ExportForm key={`${first.opened}:${first.today}`} opened={first.opened} today={first.today} />}
      <h2 className="history-title">{t('wallet.historyTitle')}</h2>
      <PagedList
        query={list}
        empty={t('wallet.historyEmpty')}
        itemKey={(m) => m.id}
        render={(m) => <MovementRow m={m} />}
      />
      {first && !list.hasNextPage && (
        <p className="history-older" data-testid="history-older">
          {t('wallet.historyOlder', { date: formatTime(first.since, lang, first.time_zone, { withYear: true }) })}
        </p>
      )}
    </>
  );
}

function ExportForm({ opened, today }: { opened: string; today: string }) {
  const { t } = useTranslation();
  const lastMonth = addMonths(today, -1);
  const [from, setFrom] = useState(lastMonth < opened ? opened : lastMonth);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await downloadExport(from, to);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('errors:INTERNAL'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="panel history-export" onSubmit={(e) => void submit(e)} data-testid="history-export">
      <h2 className="panel__title">{t('wallet.exportTitle')}</h2>
      <div className="history-export__dates">
        <label className="field">
          <span className="field__label">{t('wallet.exportFrom')}</span>
          <input
            className="input"
            type="date"
            value={from}
            min={opened}
            max={today}
            required
            onChange={(e) => setFrom(e.target.value)}
            data-testid="export-from"
          />
        </label>
        <label className="field">
          <span className="field__label">{t('wallet.exportTo')}</span>
          <input
            className="input"
            type="date"
            value={to}
            min={opened}
            max={today}
            required
            onChange={(e) => setTo(e.target.value)}
            data-testid="export-to"
          />
        </label>
      </div>
      <span className="field__hint">{t('wallet.exportHint')}</span>
      {error && (
        <p className="form-error" role="alert" data-testid="export-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="export-download">
        {busy ? t('common.loading') : t('wallet.exportDownload')}
      </button>
    </form>
  );
}

function MovementRow({ m }: { m: AccountMovement }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format } = useMoney();
  const ref = m.ref_type === 'other' || m.ref_id === null ? '' : t(`wallet.ref.${m.ref_type}`, { id: m.ref_id });
  const sign = m.amount > 0 ? '+' : '−';
  return (
    <div className="record" data-testid="history-item" data-cause={m.cause}>
      <div className="record__main">
        <span className="record__title">
          {t(`wallet.cause.${m.cause}`)}
          {m.wallet === 'frozen' && <span className="movement__tag">{t('wallet.frozen')}</span>}
        </span>
        <span
          className={`record__amount num movement__amount--${m.amount > 0 ? 'in' : 'out'}`}
          data-testid="history-amount"
        >
          {sign}
          {format(Math.abs(m.amount))}
        </span>
      </div>
      <div className="record__meta">
        <span>
          {formatTime(m.at, lang)}
          {ref && ` · ${ref}`}
          {m.issue && ` · ${m.issue}`}
        </span>
        <span>
          {t(m.wallet === 'frozen' ? 'wallet.frozenAfter' : 'wallet.balanceAfter')}{' '}
          <span className="num">{format(m.balance_after)}</span>
        </span>
      </div>
    </div>
  );
}
