import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIOD_STATUSES, type AdminDraw } from '@fairdraw/contract';
import { useMoney } from '../../lib/wallet.ts';
import { useDraws, useGameNames, type DrawsFilter } from './api/list-draws.ts';
import { checkDraw, type DrawCheck } from './verify-draw.ts';
import { SplitView } from '../ui/split-view.tsx';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';

const utc = (ms: number | null) =>
  ms === null ? '—' : `${new Date(ms).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
const numbers = (r: readonly number[] | null) => (r === null ? '—' : r.join(' '));
const NO_FILTER: DrawsFilter = { game: '', status: '', from: '', to: '' };

/** What Verify found, in words and a mark (never colour alone). */
function Verdict({ check }: { check: DrawCheck }) {
  const { t } = useTranslation();
  const tone = check.state === 'match' ? 'ok' : check.state === 'mismatch' ? 'bad' : 'wait';
  const mark = tone === 'ok' ? '✓' : tone === 'bad' ? '✕' : '…';
  return (
    <span className={`status status--${tone}`} data-testid="draw-verdict" data-verdict={check.state}>
      <span aria-hidden="true">{mark}</span> {t(`drawAudit.verdict.${check.state}`)}
    </span>
  );
}

/**
 * Every period of every game (filters by game, status and draw date; paged by the server) with its commitment,
 * its seed once drawn, its result and the cash on it. Verify recomputes a draw here in the browser with the
 * domain's fd1 — nothing is asked of the server — and says whether it matches.
 */
export function DrawsAuditTab() {
  const { t } = useTranslation();
  const { format } = useMoney();
  const [filter, setFilter] = useState<DrawsFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<AdminDraw | null>(null);
  const [checks, setChecks] = useState<ReadonlyMap<number, DrawCheck>>(new Map());
  const draws = useDraws(filter, page);
  const games = useGameNames();
  const gameName = useMemo(() => new Map((games.data ?? []).map((g) => [g.id, g.name])), [games.data]);

  const verify = (d: AdminDraw) => setChecks((m) => new Map(m).set(d.id, checkDraw(d)));
  const change = (patch: Partial<DrawsFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
    setChosen(null);
  };

  const columns = useMemo<DataColumn<AdminDraw>[]>(
    () => [
      { id: 'game', header: t('drawAudit.game'), value: (d) => gameName.get(d.games_id) ?? d.code },
      { id: 'issue', header: t('drawAudit.issue'), value: (d) => d.issue, nowrap: true, filter: 'text' },
      {
        id: 'status',
        header: t('drawAudit.statusLabel'),
        value: (d) => t(`drawAudit.status.${d.status}`),
        nowrap: true,
      },
      {
        id: 'draw_at',
        header: t('drawAudit.drawAt'),
        value: (d) => d.draw_at,
        cell: (d) => utc(d.draw_at),
        nowrap: true,
      },
      {
        id: 'result',
        header: t('drawAudit.result'),
        value: (d) => numbers(d.result),
        cell: (d) => <span className="num mono">{numbers(d.result)}</span>,
        sortable: false,
      },
      {
        id: 'stake',
        header: t('drawAudit.stake'),
        value: (d) => d.stake_total,
        cell: (d) => format(d.stake_total),
        align: 'end',
        nowrap: true,
      },
      {
        id: 'payout',
        header: t('drawAudit.payout'),
        value: (d) => d.payout_total,
        cell: (d) => format(d.payout_total),
        align: 'end',
        nowrap: true,
      },
      {
        id: 'commitment',
        header: t('drawAudit.commitment'),
        cell: (d) => (
          <span className="mono" title={d.commitment}>
            {d.commitment.slice(0, 8)}…
          </span>
        ),
      },
      {
        id: 'verify',
        header: t('drawAudit.verify'),
        cell: (d) => {
          const check = checks.get(d.id);
          if (check) return <Verdict check={check} />;
          if (d.seed === null) return <span className="muted">{t('drawAudit.verdict.unrevealed')}</span>;
          return (
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid="draw-verify"
              onClick={(e) => {
                e.stopPropagation();
                verify(d);
              }}
            >
              {t('drawAudit.verify')}
            </button>
          );
        },
      },
    ],
    [t, gameName, format, checks],
  );

  const toolbar = (
    <>
      <label className="dt__filter">
        <span className="dt__filter-label">{t('drawAudit.game')}</span>
        <select
          className="dt__input"
          value={filter.game}
          data-testid="draws-game"
          onChange={(e) => change({ game: e.target.value })}
        >
          <option value="">{t('console.table.all')}</option>
          {(games.data ?? []).map((g) => (
            <option key={g.id} value={String(g.id)}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <label className="dt__filter">
        <span className="dt__filter-label">{t('drawAudit.statusLabel')}</span>
        <select
          className="dt__input"
          value={filter.status}
          data-testid="draws-status"
          onChange={(e) => change({ status: e.target.value as DrawsFilter['status'] })}
        >
          <option value="">{t('drawAudit.statusAny')}</option>
          {PERIOD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`drawAudit.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="dt__filter">
        <span className="dt__filter-label">{t('drawAudit.from')}</span>
        <input
          type="date"
          className="dt__input"
          value={filter.from}
          data-testid="draws-from"
          onChange={(e) => change({ from: e.target.value })}
        />
      </label>
      <label className="dt__filter">
        <span className="dt__filter-label">{t('drawAudit.to')}</span>
        <input
          type="date"
          className="dt__input"
          value={filter.to}
          data-testid="draws-to"
          onChange={(e) => change({ to: e.target.value })}
        />
      </label>
    </>
  );

  return (
    <>
      <p className="console-hint muted">{t('drawAudit.hint')}</p>
      <SplitView
        onClose={() => setChosen(null)}
        list={
          <DataTable
            testId="draws-table"
            rowTestId="draw-row"
            label={t('drawAudit.tab')}
            columns={columns}
            rows={draws.data?.list}
            rowKey={(d) => d.id}
            empty={t('drawAudit.empty')}
            error={draws.error}
            onRetry={() => void draws.refetch()}
            toolbar={toolbar}
            paging={{
              page,
              hasMore: draws.data?.has_more ?? false,
              onPage: (p) => {
                setPage(p);
                setChosen(null);
              },
              fetching: draws.isFetching,
            }}
            onRowClick={setChosen}
            selectedKey={chosen?.id ?? null}
          />
        }
        detail={
          chosen && (
            <DrawDetail
              draw={chosen}
              check={checks.get(chosen.id)}
              onVerify={() => verify(chosen)}
              onClose={() => setChosen(null)}
              name={gameName.get(chosen.games_id) ?? chosen.code}
            />
          )
        }
      />
    </>
  );
}

function DrawDetail({
  draw: d,
  check,
  onVerify,
  onClose,
  name,
}: {
  draw: AdminDraw;
  check: DrawCheck | undefined;
  onVerify: () => void;
  onClose: () => void;
  name: string;
}) {
  const { t } = useTranslation();
  const { format } = useMoney();
  return (
    <>
      <h3>
        {name} <span className="muted num">{d.issue}</span>
      </h3>
      <dl className="console-facts">
        <dt>{t('drawAudit.statusLabel')}</dt>
        <dd>{t(`drawAudit.status.${d.status}`)}</dd>
        <dt>{t('drawAudit.openAt')}</dt>
        <dd className="num">{utc(d.open_at)}</dd>
        <dt>{t('drawAudit.drawAt')}</dt>
        <dd className="num">{utc(d.draw_at)}</dd>
        <dt>{t('drawAudit.drawnAt')}</dt>
        <dd className="num">{utc(d.drawn_at)}</dd>
        <dt>{t('drawAudit.commitment')}</dt>
        <dd className="mono break" data-testid="draw-commitment">
          {d.commitment}
        </dd>
        <dt>{t('drawAudit.seed')}</dt>
        <dd className="mono break" data-testid="draw-seed">
          {d.seed ?? t('drawAudit.seedSecret')}
        </dd>
        <dt>{t('drawAudit.beacon')}</dt>
        <dd className="mono break">{d.beacon ?? '—'}</dd>
        <dt>{t('drawAudit.result')}</dt>
        <dd className="num mono">{numbers(d.result)}</dd>
        {d.void_reason && (
          <>
            <dt>{t('drawAudit.voidReason')}</dt>
            <dd>{d.void_reason}</dd>
          </>
        )}
        <dt>{t('drawAudit.bets')}</dt>
        <dd className="num">{d.bets}</dd>
        <dt>{t('drawAudit.stake')}</dt>
        <dd className="num">{format(d.stake_total)}</dd>
        <dt>{t('drawAudit.payout')}</dt>
        <dd className="num">{format(d.payout_total)}</dd>
      </dl>
      {check && check.state !== 'unrevealed' && check.state !== 'unsupported' ? (
        <div className="draw-check" data-testid="draw-check">
          <Verdict check={check} />
          <ul className="draw-check__list">
            <li>{t(check.commitmentOk ? 'drawAudit.commitmentOk' : 'drawAudit.commitmentBad')}</li>
            <li>{t(check.resultOk ? 'drawAudit.resultOk' : 'drawAudit.resultBad')}</li>
            <li>
              {t('drawAudit.recomputed')}: <span className="num mono">{numbers(check.recomputed)}</span>
            </li>
          </ul>
        </div>
      ) : check ? (
        <Verdict check={check} />
      ) : null}
      <div className="page-actions--row draw-actions">
        {d.seed !== null && (
          <button
            type="button"
            className="btn btn--primary btn--small"
            data-testid="draw-verify-detail"
            onClick={onVerify}
          >
            {t('drawAudit.verify')}
          </button>
        )}
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
          {t('console.close')}
        </button>
      </div>
    </>
  );
}
