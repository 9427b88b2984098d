import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { AdminGame, AdminPlay, AdminPlaysSaveRequest } from '@fairdraw/contract';
import { FormTextField } from '../../components/form-fields.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { ErrorState } from '../../components/states.tsx';
import { reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { showToast } from '../../lib/toast.ts';
import { useMoney } from '../../lib/wallet.ts';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';
import { FormFooter } from '../ui/form-footer.tsx';
import { useGamePlays } from './api/get-game-plays.ts';
import { useSaveGamePlays } from './api/save-game-plays.ts';
import { oddsText, playsSchema, playsValues, type PlaysValues } from './game-plays-schema.ts';
import { OddsInput, RtpCell, testKey, type PlaysCtx, type Row } from './play-cells.tsx';

const utc = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/**
 * The chosen game's plays: odds now, odds from the next period (typed), the RTP at the typed odds (red at 100 % or
 * more, which the form and the API refuse), min and max stake, and what is saved for later with its start.
 */
export function PlaysSection({ game }: { game: AdminGame }) {
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
      <FormFooter
        error={form.formState.errors.root?.server}
        submitting={form.formState.isSubmitting}
        label={t('gamesAdmin.savePlays')}
        testId="plays-save"
      />
    </form>
  );
}
