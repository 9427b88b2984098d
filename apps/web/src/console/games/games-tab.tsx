import './games-tab.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminGame } from '@fairdraw/contract';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';
import { useAdminGames } from './api/get-games.ts';
import { GameLimitForm, LimitForm } from './game-limit-forms.tsx';
import { PlaysSection } from './game-plays-editor.tsx';
import { ScheduleForm } from './game-schedule-form.tsx';
import { CancelSwitch, EnableSwitch } from './game-switches.tsx';

/**
 * The console's Games screen: every game (enabled, whether players may cancel its slips before the seal, schedule,
 * the period being bet on), the per-period limit, and for the chosen game its own per-period limit, its schedule and
 * its plays' odds and stakes with the RTP computed live as odds are typed. A change of odds, stakes or schedule
 * applies from a period (a day) not yet opened; the screen says from when. The limits and both switches apply at
 * once.
 */
export function GamesTab() {
  const { t } = useTranslation();
  const games = useAdminGames();
  const [chosen, setChosen] = useState<number | null>(null);
  const game = games.data?.games.find((g) => g.id === chosen) ?? null;

  const columns = useMemo<DataColumn<AdminGame>[]>(
    () => [
      { id: 'name', header: t('gamesAdmin.game'), value: (g) => g.name, filter: 'text' },
      { id: 'code', header: t('gamesAdmin.code'), value: (g) => g.code, nowrap: true },
      {
        id: 'enabled',
        header: t('gamesAdmin.status'),
        value: (g) => (g.enabled ? t('admin.enabled') : t('admin.disabled')),
        cell: (g) => <EnableSwitch game={g} />,
      },
      {
        id: 'cancel',
        header: t('gamesAdmin.cancelColumn'),
        value: (g) => (g.cancel_enabled ? t('gamesAdmin.cancelAllowed') : t('gamesAdmin.cancelOff')),
        cell: (g) => <CancelSwitch game={g} />,
      },
      {
        id: 'schedule',
        header: t('gamesAdmin.schedule'),
        value: (g) => g.cycle_seconds,
        cell: (g) =>
          g.daily_at
            ? t('gamesAdmin.dailyAt', { time: g.daily_at })
            : t('gamesAdmin.cycleSeal', { cycle: g.cycle_seconds, seal: g.seal_seconds }),
        nowrap: true,
      },
      {
        id: 'next',
        header: t('gamesAdmin.nextSchedule'),
        value: (g) => g.next_schedule?.effective_date ?? '',
        cell: (g) =>
          g.next_schedule
            ? t('gamesAdmin.nextScheduleText', {
                date: g.next_schedule.effective_date,
                cycle: g.next_schedule.cycle_seconds,
                seal: g.next_schedule.seal_seconds,
              })
            : '—',
      },
      { id: 'issue', header: t('gamesAdmin.currentIssue'), value: (g) => g.current_issue ?? '—', nowrap: true },
    ],
    [t],
  );

  return (
    <div className="games-admin" data-testid="games-admin">
      <DataTable
        testId="games-table"
        rowTestId="games-row"
        label={t('gamesAdmin.title')}
        columns={columns}
        rows={games.data?.games}
        rowKey={(g) => g.id}
        empty={t('gamesAdmin.none')}
        error={games.error}
        onRetry={() => void games.refetch()}
        onRowClick={(g) => setChosen(g.id)}
        selectedKey={chosen}
      />
      {games.data?.cycle_override_seconds != null && (
        <p className="muted games-admin__hint" data-testid="games-override">
          {t('gamesAdmin.override', { seconds: games.data.cycle_override_seconds })}
        </p>
      )}
      {games.data && <LimitForm key={games.data.period_max_per_player} value={games.data.period_max_per_player} />}
      {game && games.data ? (
        <GameDetail key={game.id} game={game} siteMax={games.data.period_max_per_player} />
      ) : (
        <p className="muted games-admin__hint">{t('gamesAdmin.choose')}</p>
      )}
    </div>
  );
}

/** The chosen game: its own limit, its schedule (cycle games only) and its plays. */
function GameDetail({ game, siteMax }: { game: AdminGame; siteMax: number }) {
  const { t } = useTranslation();
  return (
    <div className="games-admin__detail" data-testid="game-detail">
      <h2 className="games-admin__title">
        {game.name} <span className="muted mono">{game.code}</span>
      </h2>
      <GameLimitForm key={game.period_max_per_player ?? 'none'} game={game} siteMax={siteMax} />
      {game.daily_at ? (
        <p className="muted">{t('gamesAdmin.dailyFixed', { time: game.daily_at })}</p>
      ) : (
        <ScheduleForm game={game} />
      )}
      <PlaysSection game={game} />
    </div>
  );
}
