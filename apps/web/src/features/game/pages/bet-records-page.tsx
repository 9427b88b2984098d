import '../game.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BetStatus, RechargeRange } from '@fairdraw/contract';
import { PATHS } from '../../../lib/paths.ts';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { RECHARGE_RANGES } from '@fairdraw/contract/values';
import { gameLabel } from '../../../lib/games.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useBetRecords } from '../api/get-bets.ts';
import { useCategories } from '../api/get-categories.ts';
import { ChaseList } from '../components/chase-list.tsx';
import { SlipRow } from '../components/slip-row.tsx';
import { useGameEvents } from '../lib/use-game-clock.ts';

/** The statuses a slip can have (contract bet.ts), in the order the filter offers them. */
const STATUSES = ['unsettled', 'won', 'lost', 'push', 'void', 'cancelled'] as const satisfies readonly BetStatus[];

/**
 * /hyTou, the member bet records: the player's slips of every game, filtered by game, status and the day ranges of
 * the recharge records (days of the business time zone, counted by the server), newest first, loading more as it
 * scrolls. Follows the events stream like /orders, so a settlement shows without a reload.
 */
export function BetRecordsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  useGameEvents('all');
  const token = useSession()?.token ?? '';
  const [range, setRange] = useState<RechargeRange>('today');
  const [status, setStatus] = useState<BetStatus | ''>('');
  const [gameId, setGameId] = useState(0);
  const categories = useCategories(lang);
  const games = [...new Map((categories.data ?? []).flatMap((c) => c.games).map((g) => [g.id, g] as const)).values()];
  const list = useBetRecords({ range, status: status || undefined, gameId: gameId || undefined }, token);
  const [view, setView] = useState<'slips' | 'chases'>('slips');
  const views = (
    <div className="toolbar">
      <Tabs
        label={t('chase.records')}
        value={view}
        onChange={setView}
        items={[
          { key: 'slips', label: t('chase.slipsTab'), testId: 'records-slips' },
          { key: 'chases', label: t('chase.chasesTab'), testId: 'records-chases' },
        ]}
      />
    </div>
  );
  if (view === 'chases') {
    return (
      <CashierPage title={t('page.hyTou')}>
        {views}
        <ChaseList token={token} />
      </CashierPage>
    );
  }
  return (
    <CashierPage title={t('page.hyTou')}>
      {views}
      <div className="toolbar">
        <Tabs
          label={t('records.range')}
          value={range}
          onChange={setRange}
          items={RECHARGE_RANGES.map((r) => ({ key: r, label: t(`records.ranges.${r}`), testId: `range-${r}` }))}
        />
      </div>
      <div className="bet-filters">
        <label className="field">
          <span className="field__label">{t('bets.records.game')}</span>
          <select
            className="input"
            value={gameId}
            onChange={(e) => setGameId(Number(e.target.value))}
            data-testid="bets-filter-game"
          >
            <option value={0}>{t('bets.records.allGames')}</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {gameLabel(g, t)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('records.status')}</span>
          <select
            className="input"
            value={status}
            onChange={(e) => setStatus(e.target.value as BetStatus | '')}
            data-testid="bets-filter-status"
          >
            <option value="">{t('bets.records.allStatuses')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`bets.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedList
        query={list}
        empty={t('bets.records.empty')}
        emptyAction={
          <Link to={PATHS.games} className="btn btn--primary">
            {t('bets.records.play')}
          </Link>
        }
        itemKey={(s) => s.id}
        render={(s) => <SlipRow slip={s} />}
      />
    </CashierPage>
  );
}
