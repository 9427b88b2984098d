import './dashboard.css';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  dashboardRangeForm,
  type DashboardDay,
  type DashboardFigures,
  type DashboardGame,
  type DashboardRangeForm,
} from '@fairdraw/contract';
import { exponentOf } from '@fairdraw/domain/currency';
import { FormTextField } from '../../components/form-fields.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { ErrorState } from '../../components/states.tsx';
import { FormError } from '../../components/text-field.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { errorText, reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { useLang } from '../../lib/use-lang.ts';
import { downloadDashboard, useDashboard, type DashboardRange } from './api/dashboard.ts';
import { DashboardChart, type ChartSeries } from './dashboard-chart.tsx';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';
import { gameLabel } from '../../lib/games.ts';

const RANGE_FIELDS = ['from', 'to'] as const;

/**
 * The dashboard: per day and per game — players who staked, slips, stakes, payouts, gross gaming revenue, hold %,
 * deposits, withdrawals and bonus cost (rebates) — from the report summary, with two charts and a CSV export.
 */
export function DashboardTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const [range, setRange] = useState<DashboardRange>({});
  const dash = useDashboard(range, lang);
  const currency = dash.data?.currency ?? 'THB';
  const exponent = exponentOf(currency);
  const money = useCallback(
    (minor: number) => formatAmount(minor, currency, exponent, lang),
    [currency, exponent, lang],
  );
  const major = useCallback(
    (value: number) => formatAmount(Math.round(value * 10 ** exponent), currency, exponent, lang),
    [currency, exponent, lang],
  );
  const hold = (h: number | null) => (h === null ? '—' : `${h.toFixed(2)} %`);

  const figureColumns = useMemo(
    () =>
      <T extends DashboardFigures>(): DataColumn<T>[] => [
        { id: 'players', header: t('dashboard.players'), value: (r) => r.players, align: 'end', nowrap: true },
        { id: 'slips', header: t('dashboard.slips'), value: (r) => r.slips, align: 'end', nowrap: true },
        {
          id: 'stakes',
          header: t('dashboard.stakes'),
          value: (r) => r.stakes,
          cell: (r) => money(r.stakes),
          align: 'end',
          nowrap: true,
        },
        {
          id: 'payouts',
          header: t('dashboard.payouts'),
          value: (r) => r.payouts,
          cell: (r) => money(r.payouts),
          align: 'end',
          nowrap: true,
        },
        {
          id: 'ggr',
          header: t('dashboard.ggrShort'),
          value: (r) => r.ggr,
          cell: (r) => money(r.ggr),
          align: 'end',
          nowrap: true,
        },
        {
          id: 'hold',
          header: t('dashboard.hold'),
          value: (r) => r.hold,
          cell: (r) => hold(r.hold),
          align: 'end',
          nowrap: true,
        },
        {
          id: 'deposits',
          header: t('dashboard.deposits'),
          value: (r) => r.deposits,
          cell: (r) => money(r.deposits),
          align: 'end',
          nowrap: true,
        },
        {
          id: 'withdrawals',
          header: t('dashboard.withdrawals'),
          value: (r) => r.withdrawals,
          cell: (r) => money(r.withdrawals),
          align: 'end',
          nowrap: true,
        },
        {
          id: 'bonus',
          header: t('dashboard.bonus'),
          value: (r) => r.bonus,
          cell: (r) => money(r.bonus),
          align: 'end',
          nowrap: true,
        },
      ],
    [t, money],
  );
  const dayColumns = useMemo<DataColumn<DashboardDay>[]>(
    () => [
      {
        id: 'day',
        header: t('dashboard.day'),
        value: (d) => d.day,
        cell: (d) => (
          <>
            {d.day}
            {!d.final && <span className="badge dash__open">{t('dashboard.open')}</span>}
          </>
        ),
        nowrap: true,
      },
      ...figureColumns<DashboardDay>(),
    ],
    [t, figureColumns],
  );
  const gameName = useCallback((g: DashboardGame) => (g.game_id === 0 ? t('dashboard.noGame') : gameLabel(g, t)), [t]);
  const gameColumns = useMemo<DataColumn<DashboardGame>[]>(
    () => [
      { id: 'game', header: t('dashboard.game'), value: gameName, filter: 'text' },
      ...figureColumns<DashboardGame>(),
    ],
    [t, figureColumns, gameName],
  );

  const d = dash.data;
  const days = useMemo(() => d?.days.map((x) => x.day) ?? [], [d]);
  const money1 = useMemo<ChartSeries[]>(() => {
    const m = (k: 'stakes' | 'payouts' | 'ggr') => d?.days.map((x) => x[k] / 10 ** exponent) ?? [];
    return [
      { label: t('dashboard.stakes'), color: '#4a3cc8', values: m('stakes') },
      { label: t('dashboard.payouts'), color: '#c62828', values: m('payouts') },
      { label: t('dashboard.ggr'), color: '#1a7f37', values: m('ggr') },
    ];
  }, [d, exponent, t]);
  const money2 = useMemo<ChartSeries[]>(() => {
    const m = (k: 'deposits' | 'withdrawals' | 'bonus') => d?.days.map((x) => x[k] / 10 ** exponent) ?? [];
    return [
      { label: t('dashboard.deposits'), color: '#1565c0', values: m('deposits') },
      { label: t('dashboard.withdrawals'), color: '#ef6c00', values: m('withdrawals') },
      { label: t('dashboard.bonus'), color: '#6a1b9a', values: m('bonus') },
    ];
  }, [d, exponent, t]);

  return (
    <div className="dash" data-testid="dashboard">
      {d ? <RangeForm key={`${d.from}:${d.to}`} from={d.from} to={d.to} today={d.today} onShow={setRange} /> : null}
      {dash.isPending && <Skeleton style={{ height: 240 }} />}
      {dash.isError && <ErrorState error={dash.error} onRetry={() => void dash.refetch()} />}
      {d && (
        <>
          {d.refreshed_at !== null && (
            <p className="warning" role="note" data-testid="dashboard-delayed">
              {t('report.delayed')} {t('report.updatedAt', { time: formatDateTime(d.refreshed_at, lang) })}
            </p>
          )}
          <dl className="dash__totals" data-testid="dashboard-totals">
            <Total label={t('dashboard.players')} value={String(d.totals.players)} testId="dash-players" />
            <Total label={t('dashboard.stakes')} value={money(d.totals.stakes)} testId="dash-stakes" />
            <Total label={t('dashboard.payouts')} value={money(d.totals.payouts)} />
            <Total label={t('dashboard.ggr')} value={money(d.totals.ggr)} testId="dash-ggr" />
            <Total label={t('dashboard.hold')} value={hold(d.totals.hold)} />
            <Total label={t('dashboard.deposits')} value={money(d.totals.deposits)} />
            <Total label={t('dashboard.withdrawals')} value={money(d.totals.withdrawals)} />
            <Total label={t('dashboard.bonus')} value={money(d.totals.bonus)} />
          </dl>
          <div className="dash__charts">
            <DashboardChart
              title={t('dashboard.chartGaming')}
              days={days}
              series={money1}
              format={major}
              xLabel={t('dashboard.day')}
              testId="dash-chart-gaming"
            />
            <DashboardChart
              title={t('dashboard.chartCash')}
              days={days}
              series={money2}
              format={major}
              xLabel={t('dashboard.day')}
              testId="dash-chart-cash"
            />
          </div>
          <h2 className="dash__title">{t('dashboard.perDay')}</h2>
          <DataTable
            columns={dayColumns}
            rows={[...d.days].reverse()}
            rowKey={(x) => x.day}
            label={t('dashboard.perDay')}
            empty={t('dashboard.empty')}
            pageSize={31}
            testId="dash-days"
          />
          <h2 className="dash__title">{t('dashboard.perGame')}</h2>
          <DataTable
            columns={gameColumns}
            rows={d.games}
            rowKey={(g) => g.game_id}
            label={t('dashboard.perGame')}
            empty={t('dashboard.empty')}
            testId="dash-games"
          />
        </>
      )}
    </div>
  );
}

function Total({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** From and to (business days), checked by the contract; Show reloads, Download exports the same range as CSV. */
function RangeForm({
  from,
  to,
  today,
  onShow,
}: {
  from: string;
  to: string;
  today: string;
  onShow: (r: DashboardRange) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<DashboardRangeForm, unknown, DashboardRangeForm>({
    resolver: contractResolver(() => dashboardRangeForm),
    defaultValues: { from, to },
  });
  const show = form.handleSubmit((r) => onShow(r));
  const download = form.handleSubmit(async (r) => {
    try {
      await downloadDashboard(r);
    } catch (e) {
      reportServerError(form.setError, e, RANGE_FIELDS);
    }
  });
  const { errors, isSubmitting } = form.formState;
  const dateProps = { type: 'date', max: today, required: true } as const;
  return (
    <form className="dash__range" onSubmit={(e) => void show(e)} data-testid="dashboard-range">
      <FormTextField control={form.control} name="from" label={t('dashboard.from')} testId="dash-from" {...dateProps} />
      <FormTextField control={form.control} name="to" label={t('dashboard.to')} testId="dash-to" {...dateProps} />
      <div className="dash__actions">
        <button type="submit" className="btn btn--primary" data-testid="dash-show">
          {t('dashboard.show')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={isSubmitting}
          onClick={() => void download()}
          data-testid="dash-export"
        >
          {isSubmitting ? t('common.loading') : t('dashboard.export')}
        </button>
      </div>
      <FormError text={errorText(t, errors.root?.server)} testId="dash-error" />
    </form>
  );
}
