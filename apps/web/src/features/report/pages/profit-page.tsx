import '../report.css';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfitFigures, RechargeRange } from '@fairdraw/contract';
import { RECHARGE_RANGES } from '@fairdraw/contract/values';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useProfitReport } from '../api/get-profit.ts';
import { WeekBars } from '../components/week-bars.tsx';
import { PATHS, isPath } from '../../../lib/paths.ts';
import { gameLabel } from '../../../lib/games.ts';

const DAYS_BACK = 90;

/** YYYY-MM-DD plus `days` calendar days. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * /profit (today's report) and /profits (profit and loss, the last 7 days first): the player's stakes, payouts,
 * net, rebates, deposits and withdrawals for a range of the records screens or one day (a bar of the week, or the
 * day arrows), per day and per game. Today's figures come from a summary and may be delayed by up to 15 minutes.
 */
export function ProfitPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { format } = useMoney();
  const fallback: RechargeRange = isPath(pathname, PATHS.profits) ? 'last7' : 'today';
  const asked = params.get('range');
  const range: RechargeRange = RECHARGE_RANGES.find((r) => r === asked) ?? fallback;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? params.get('day') : null;
  const report = useProfitReport(user?.token, lang, range, day);
  const title = isPath(pathname, PATHS.profits) ? t('page.profits') : t('page.profit');

  const show = (next: { range?: RechargeRange; day?: string }) =>
    setParams(next.day ? { day: next.day } : { range: next.range ?? range }, { replace: true });

  let body;
  if (report.isPending) body = <Skeleton style={{ height: 240, margin: 12 }} />;
  else if (report.isError) body = <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
  else {
    const r = report.data;
    const oldest = addDays(r.today, -DAYS_BACK);
    body = (
      <div className="profit-stack">
        {r.includes_today && (
          <p className="warning" role="note" data-testid="profit-delayed">
            {t('report.delayed')}
            {r.refreshed_at !== null && <> {t('report.updatedAt', { time: formatDateTime(r.refreshed_at, lang) })}</>}
          </p>
        )}
        {day && (
          <div className="profit-day-nav">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={day <= oldest}
              onClick={() => show({ day: addDays(day, -1) })}
              data-testid="profit-prev-day"
            >
              ‹ {t('report.prevDay')}
            </button>
            <strong className="num" data-testid="profit-day">
              {day}
            </strong>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={day >= r.today}
              onClick={() => show({ day: addDays(day, 1) })}
              data-testid="profit-next-day"
            >
              {t('report.nextDay')} ›
            </button>
          </div>
        )}
        <section className="panel" data-testid="profit-totals">
          <h2 className="panel__title">
            {r.from === r.to ? r.from : `${r.from} – ${r.to}`}
            {r.days.every((d) => d.final) && <span className="badge">{t('report.final')}</span>}
          </h2>
          <Figures f={r.totals} format={format} />
        </section>
        <section className="panel">
          <h2 className="panel__title">{t('report.week')}</h2>
          <WeekBars
            days={r.last7}
            lang={lang}
            selected={day}
            onSelect={(d) => show({ day: d })}
            label={t('report.week')}
            format={format}
          />
        </section>
        {r.days.length > 1 && (
          <section className="panel">
            <h2 className="panel__title">{t('report.perDay')}</h2>
            <ul className="profit-rows" data-testid="profit-days">
              {[...r.days].reverse().map((d) => (
                <li key={d.day}>
                  <button
                    type="button"
                    className="link-button num"
                    onClick={() => show({ day: d.day })}
                    data-testid={`profit-day-${d.day}`}
                  >
                    {d.day}
                  </button>
                  <Net value={d.net} />
                  <span className="profit-rows__meta">
                    {t('report.stakes')} {format(d.stakes)} · {t('report.payouts')} {format(d.payouts)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="panel">
          <h2 className="panel__title">{t('report.perGame')}</h2>
          {r.games.length === 0 ? (
            <p className="panel__note" data-testid="profit-no-games">
              {t('report.noBets')}
            </p>
          ) : (
            <ul className="profit-rows" data-testid="profit-games">
              {r.games.map((g) => (
                <li key={g.game_id}>
                  <span>{gameLabel(g, t)}</span>
                  <Net value={g.net} />
                  <span className="profit-rows__meta">
                    {t('report.slipsCount', { count: g.slips })} · {t('report.stakes')} {format(g.stakes)} ·{' '}
                    {t('report.payouts')} {format(g.payouts)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    );
  }
  return (
    <CashierPage title={title}>
      <div className="toolbar">
        <Tabs
          label={t('records.range')}
          value={day ? ('' as RechargeRange) : range}
          onChange={(k) => show({ range: k })}
          items={RECHARGE_RANGES.map((k) => ({ key: k, label: t(`records.ranges.${k}`), testId: `range-${k}` }))}
        />
      </div>
      {body}
    </CashierPage>
  );
}

function Net({ value }: { value: number }) {
  const { formatSigned } = useMoney();
  return <span className={`num profit-net--${value >= 0 ? 'up' : 'down'}`}>{formatSigned(value)}</span>;
}

function Figures({ f, format }: { f: ProfitFigures; format: (minor: number) => string }) {
  const { t } = useTranslation();
  return (
    <dl className="facts">
      <div>
        <dt>{t('report.stakes')}</dt>
        <dd className="num" data-testid="profit-stakes">
          {format(f.stakes)}
        </dd>
      </div>
      <div>
        <dt>{t('report.payouts')}</dt>
        <dd className="num" data-testid="profit-payouts">
          {format(f.payouts)}
        </dd>
      </div>
      <div>
        <dt>{t('report.rebates')}</dt>
        <dd className="num">{format(f.rebates)}</dd>
      </div>
      <div>
        <dt>{t('report.net')}</dt>
        <dd data-testid="profit-net">
          <Net value={f.net} />
        </dd>
      </div>
      <div>
        <dt>{t('report.deposits')}</dt>
        <dd className="num">{format(f.deposits)}</dd>
      </div>
      <div>
        <dt>{t('report.withdrawals')}</dt>
        <dd className="num">{format(f.withdrawals)}</dd>
      </div>
    </dl>
  );
}
