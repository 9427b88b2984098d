import './games-tab.css';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch, type Control, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type {
  AdminGame,
  AdminGameLimitRequest,
  AdminGameLimitsRequest,
  AdminPlay,
  AdminPlaysSaveRequest,
  AdminScheduleSaveRequest,
} from '@fairdraw/contract';
import { FormTextField } from '../../components/form-fields.tsx';
import { FormError } from '../../components/text-field.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { ErrorState } from '../../components/states.tsx';
import { errorText, reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { toAmountText } from '../../lib/money.ts';
import { showToast } from '../../lib/toast.ts';
import { useMoney } from '../../lib/wallet.ts';
import { useEnableGame } from './api/enable-game.ts';
import { useSetGameCancel } from './api/set-game-cancel.ts';
import { useGamePlays } from './api/get-game-plays.ts';
import { useAdminGames } from './api/get-games.ts';
import { useSaveGameLimit } from './api/save-game-limit.ts';
import { useSaveGameLimits } from './api/save-game-limits.ts';
import { useSaveGamePlays } from './api/save-game-plays.ts';
import { useSaveGameSchedule } from './api/save-game-schedule.ts';
import {
  gameLimitSchema,
  limitSchema,
  liveRtp,
  oddsText,
  playsSchema,
  playsValues,
  scheduleSchema,
  type GameLimitValues,
  type LimitValues,
  type PlaysValues,
  type ScheduleValues,
} from './game-plays-schema.ts';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';

const utc = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
const testKey = (code: string) => code.replaceAll('.', '-');

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

function EnableSwitch({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const enable = useEnableGame();
  return (
    <label className="games-admin__switch" onClick={(e) => e.stopPropagation()}>
      <input
        type="checkbox"
        role="switch"
        checked={game.enabled}
        disabled={enable.isPending}
        data-testid={`game-enabled-${game.code}`}
        onChange={(e) => {
          // Read now: the controlled box shows the saved value again until the answer arrives.
          const on = e.target.checked;
          enable.mutate(
            { games_id: game.id, enabled: on },
            {
              onSuccess: () => showToast(t(on ? 'gamesAdmin.enabledNow' : 'gamesAdmin.disabledNow')),
              onError: (err) => showToast(err.message, 'error'),
            },
          );
        }}
      />
      <span>{game.enabled ? t('admin.enabled') : t('admin.disabled')}</span>
    </label>
  );
}

function LimitForm({ value }: { value: number }) {
  const { t } = useTranslation();
  const { exponent, format } = useMoney();
  const save = useSaveGameLimits();
  const form = useForm<LimitValues, { exponent: number; previous: number }, AdminGameLimitsRequest>({
    resolver: contractResolver(limitSchema),
    context: { exponent, previous: value },
    defaultValues: { period_max_per_player: toAmountText(value, exponent) },
  });
  return (
    <PeriodMaxForm
      form={form}
      save={save.mutateAsync}
      className="games-admin__limit"
      titleId="games-limit-title"
      title={
        <h2 className="section__title" id="games-limit-title">
          {t('gamesAdmin.limitTitle')}
        </h2>
      }
      label={t('gamesAdmin.periodMax')}
      hint={t('gamesAdmin.periodMaxHint', { amount: format(value) })}
      testId="games-period-max"
    />
  );
}

/**
 * A per-period limit's form (the site-wide one and a game's own): one amount field, its hint, the server's refusal
 * and Save; `save` sends what the form's contract schema made of the field.
 */
function PeriodMaxForm<Ctx, Req extends FieldValues>({
  form,
  save,
  className,
  titleId,
  title,
  label,
  hint,
  testId,
}: {
  form: UseFormReturn<{ period_max_per_player: string }, Ctx, Req>;
  save: (body: Req) => Promise<unknown>;
  className?: string;
  titleId: string;
  title: ReactNode;
  label: string;
  hint: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save(body);
      showToast(t('admin.saved'));
    } catch (e) {
      reportServerError(form.setError, e, ['period_max_per_player'] as const);
    }
  });
  return (
    <section className={className ? `section ${className}` : 'section'} aria-labelledby={titleId}>
      {title}
      <form className="form games-admin__row-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormTextField
          control={form.control}
          name="period_max_per_player"
          label={label}
          hint={hint}
          inputMode="decimal"
          autoComplete="off"
          className="num"
          testId={testId}
        />
        <FormError text={errorText(t, form.formState.errors.root?.server)} />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={form.formState.isSubmitting}
          data-testid={`${testId}-save`}
        >
          {t('payout.save')}
        </button>
      </form>
    </section>
  );
}

/** Whether players may cancel a slip of the game before its period's seal: at once, audited. */
function CancelSwitch({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const save = useSetGameCancel();
  return (
    <label className="games-admin__switch" onClick={(e) => e.stopPropagation()}>
      <input
        type="checkbox"
        role="switch"
        checked={game.cancel_enabled}
        disabled={save.isPending}
        data-testid={`game-cancel-${game.code}`}
        onChange={(e) => {
          // Read now: the controlled box shows the saved value again until the answer arrives.
          const on = e.target.checked;
          save.mutate(
            { games_id: game.id, cancel_enabled: on },
            {
              onSuccess: () => showToast(t(on ? 'gamesAdmin.cancelOnNow' : 'gamesAdmin.cancelOffNow')),
              onError: (err) => showToast(err.message, 'error'),
            },
          );
        }}
      />
      <span>{game.cancel_enabled ? t('gamesAdmin.cancelAllowed') : t('gamesAdmin.cancelOff')}</span>
    </label>
  );
}

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

/**
 * The game's own per-player per-period limit: empty for none (only the site-wide one applies); the lower of the two
 * binds a slip. Saved over the value shown, at once.
 */
function GameLimitForm({ game, siteMax }: { game: AdminGame; siteMax: number }) {
  const { t } = useTranslation();
  const { exponent, format } = useMoney();
  const save = useSaveGameLimit();
  const value = game.period_max_per_player;
  const form = useForm<
    GameLimitValues,
    { exponent: number; games_id: number; previous: number | null },
    AdminGameLimitRequest
  >({
    resolver: contractResolver(gameLimitSchema),
    context: { exponent, games_id: game.id, previous: value },
    defaultValues: { period_max_per_player: value === null ? '' : toAmountText(value, exponent) },
  });
  return (
    <PeriodMaxForm
      form={form}
      save={save.mutateAsync}
      titleId="games-game-limit-title"
      title={
        <h3 className="section__title" id="games-game-limit-title">
          {t('gamesAdmin.gameLimitTitle')}
        </h3>
      }
      label={t('gamesAdmin.gameLimit')}
      hint={
        value === null
          ? t('gamesAdmin.gameLimitNone', { site: format(siteMax) })
          : t('gamesAdmin.gameLimitNow', { amount: format(value), site: format(siteMax) })
      }
      testId="game-period-max"
    />
  );
}

function ScheduleForm({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const save = useSaveGameSchedule();
  const shown = game.next_schedule ?? game;
  const form = useForm<ScheduleValues, { games_id: number }, AdminScheduleSaveRequest>({
    resolver: contractResolver(scheduleSchema),
    context: { games_id: game.id },
    defaultValues: { cycle_seconds: String(shown.cycle_seconds), seal_seconds: String(shown.seal_seconds) },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      const next = saved.games.find((g) => g.id === game.id)?.next_schedule;
      showToast(next ? t('gamesAdmin.scheduleFrom', { date: next.effective_date }) : t('admin.saved'));
    } catch (e) {
      reportServerError(form.setError, e, ['cycle_seconds', 'seal_seconds'] as const);
    }
  });
  return (
    <section className="section" aria-labelledby="games-schedule-title">
      <h3 className="section__title" id="games-schedule-title">
        {t('gamesAdmin.schedule')}
      </h3>
      <p className="muted">{t('gamesAdmin.scheduleRule')}</p>
      <form className="form games-admin__row-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormTextField
          control={form.control}
          name="cycle_seconds"
          label={t('gamesAdmin.cycleSeconds')}
          inputMode="numeric"
          autoComplete="off"
          className="num"
          testId="games-cycle"
        />
        <FormTextField
          control={form.control}
          name="seal_seconds"
          label={t('gamesAdmin.sealSeconds')}
          inputMode="numeric"
          autoComplete="off"
          className="num"
          testId="games-seal"
        />
        <FormError text={errorText(t, form.formState.errors.root?.server)} />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={form.formState.isSubmitting}
          data-testid="games-schedule-save"
        >
          {t('payout.save')}
        </button>
      </form>
    </section>
  );
}

function PlaysSection({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const plays = useGamePlays(game.id);
  return (
    <section className="section" aria-labelledby="games-plays-title">
      <h3 className="section__title" id="games-plays-title">
        {t('gamesAdmin.playsTitle')}
      </h3>
      <p className="muted">{t('gamesAdmin.playsRule')}</p>
      {plays.isPending ? (
        <Skeleton style={{ height: 240 }} />
      ) : plays.isError ? (
        <ErrorState error={plays.error} onRetry={() => void plays.refetch()} />
      ) : (
        <PlaysForm key={game.id} gameId={game.id} plays={plays.data.plays} />
      )}
    </section>
  );
}

type PlaysCtx = { exponent: number; games_id: number; plays: readonly AdminPlay[] };
type Row = { play: AdminPlay; index: number };

function PlaysForm({ gameId, plays }: { gameId: number; plays: readonly AdminPlay[] }) {
  const { t } = useTranslation();
  const { exponent, format } = useMoney();
  const save = useSaveGamePlays();
  // A saved list (the save's answer) resets the fields to it; the table keeps its filters and sorting.
  const values = useMemo(() => playsValues(plays, exponent), [plays, exponent]);
  const form = useForm<PlaysValues, PlaysCtx, AdminPlaysSaveRequest>({
    resolver: contractResolver(playsSchema),
    context: { exponent, games_id: gameId, plays },
    values,
  });
  const fields = plays.flatMap((_, i) => [
    `items.${i}.odds_bps` as const,
    `items.${i}.min_stake` as const,
    `items.${i}.max_stake` as const,
  ]);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      const from = saved.plays.find((p) => p.next_from !== null)?.next_from;
      showToast(from ? t('gamesAdmin.savedFrom', { time: utc(from) }) : t('admin.saved'));
    } catch (e) {
      reportServerError(form.setError, e, fields);
    }
  });
  const rows = useMemo(() => plays.map((play, index) => ({ play, index })), [plays]);
  const groups = useMemo(
    () => [...new Map(plays.map((p) => [p.group, p.group_name])).entries()].map(([value, label]) => ({ value, label })),
    [plays],
  );
  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      {
        id: 'group',
        header: t('gamesAdmin.group'),
        value: (r) => r.play.group,
        cell: (r) => r.play.group_name,
        filter: { options: groups },
      },
      { id: 'name', header: t('gamesAdmin.play'), value: (r) => r.play.name, filter: 'text' },
      {
        id: 'now',
        header: t('gamesAdmin.oddsNow'),
        value: (r) => r.play.current.odds_bps,
        cell: (r) => (
          <span className="num" data-testid={`play-now-${testKey(r.play.code)}`}>
            {oddsText(r.play.current.odds_bps)}
          </span>
        ),
        align: 'end',
        nowrap: true,
      },
      {
        id: 'odds',
        header: t('gamesAdmin.oddsNext'),
        cell: (r) =>
          r.play.odds_editable ? (
            <OddsInput control={form.control} row={r} label={t('gamesAdmin.oddsNext')} />
          ) : (
            <span className="muted" title={t('gamesAdmin.zodiacOdds')}>
              {oddsText(r.play.next.odds_bps)} *
            </span>
          ),
      },
      {
        id: 'rtp',
        header: t('gamesAdmin.rtp'),
        cell: (r) => <RtpCell control={form.control} row={r} />,
        align: 'end',
        nowrap: true,
      },
      {
        id: 'min',
        header: t('gamesAdmin.minStake'),
        cell: (r) => (
          <FormTextField
            control={form.control}
            name={`items.${r.index}.min_stake`}
            label={t('gamesAdmin.minStake')}
            inputMode="decimal"
            autoComplete="off"
            className="num"
            testId={`play-min-${testKey(r.play.code)}`}
          />
        ),
      },
      {
        id: 'max',
        header: t('gamesAdmin.maxStake'),
        cell: (r) => (
          <FormTextField
            control={form.control}
            name={`items.${r.index}.max_stake`}
            label={t('gamesAdmin.maxStake')}
            inputMode="decimal"
            autoComplete="off"
            className="num"
            testId={`play-max-${testKey(r.play.code)}`}
          />
        ),
      },
      {
        id: 'from',
        header: t('gamesAdmin.pending'),
        value: (r) => r.play.next_from ?? 0,
        cell: (r) =>
          r.play.next_from !== null ? (
            <span className="games-admin__pending" data-testid={`play-pending-${testKey(r.play.code)}`}>
              {t('gamesAdmin.pendingText', {
                odds: oddsText(r.play.next.odds_bps),
                min: format(r.play.next.min_stake),
                max: format(r.play.next.max_stake),
                time: utc(r.play.next_from),
              })}
            </span>
          ) : (
            '—'
          ),
      },
    ],
    [t, form.control, groups, format],
  );

  return (
    <form className="games-admin__plays" onSubmit={(e) => void onSubmit(e)} noValidate>
      <DataTable
        testId="plays-table"
        rowTestId="plays-row"
        label={t('gamesAdmin.playsTitle')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.play.id}
        empty={t('gamesAdmin.none')}
        pageSize={25}
      />
      <FormError text={errorText(t, form.formState.errors.root?.server)} />
      <button
        type="submit"
        className="btn btn--primary"
        disabled={form.formState.isSubmitting}
        data-testid="plays-save"
      >
        {t('gamesAdmin.savePlays')}
      </button>
    </form>
  );
}

function OddsInput({
  control,
  row,
  label,
}: {
  control: Control<PlaysValues, PlaysCtx, AdminPlaysSaveRequest>;
  row: Row;
  label: string;
}) {
  const typed = useWatch({ control, name: `items.${row.index}.odds_bps` });
  const rtp = liveRtp(row.play, typed ?? '');
  return (
    <FormTextField
      control={control}
      name={`items.${row.index}.odds_bps`}
      label={label}
      values={{ rtp: rtp ? rtp.percent.toFixed(2) : '' }}
      inputMode="decimal"
      autoComplete="off"
      className="num"
      testId={`play-odds-${testKey(row.play.code)}`}
    />
  );
}

/** The RTP at the odds being typed, red at 100 % or more (the save is refused then). */
function RtpCell({ control, row }: { control: Control<PlaysValues, PlaysCtx, AdminPlaysSaveRequest>; row: Row }) {
  const typed = useWatch({ control, name: `items.${row.index}.odds_bps` });
  const rtp = row.play.odds_editable
    ? liveRtp(row.play, typed ?? '')
    : liveRtp(row.play, oddsText(row.play.next.odds_bps));
  return (
    <span
      className={rtp && !rtp.ok ? 'num games-admin__rtp games-admin__rtp--bad' : 'num games-admin__rtp'}
      data-testid={`play-rtp-${testKey(row.play.code)}`}
    >
      {rtp ? `${rtp.percent.toFixed(2)} %` : '—'}
    </span>
  );
}
