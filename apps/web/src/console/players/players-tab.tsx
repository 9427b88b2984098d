import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { adminPlayerSearchQuery, type AdminPlayer, type AdminPlayerDetail } from '@fairdraw/contract';
import { Skeleton } from '../../components/skeleton.tsx';
import { ErrorState, NoticeState } from '../../components/states.tsx';
import { FormTextField } from '../../components/form-fields.tsx';
import { contractResolver } from '../../lib/forms.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { usePlayerDetail, usePlayerSearch } from './api/players.ts';
import { PlayerActions } from './player-actions.tsx';
import { PlayerRecords } from './player-records.tsx';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';
import './players.css';

type SearchValues = { q: string };
/** The contract's own rule for `q` (trimmed, at most 64 characters). */
const searchSchema = () => z.object({ q: adminPlayerSearchQuery.shape.q.unwrap() });

function PlayerBadges({ player, twoFactor = false }: { player: AdminPlayer; twoFactor?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="players__badges">
      {player.frozen && (
        <span className="status status--bad" data-testid="player-frozen-badge">
          {t('players.admin.frozen')}
        </span>
      )}
      {!player.frozen && !player.is_guest && <span className="status status--ok">{t('players.admin.active')}</span>}
      {player.must_change_password && <span className="status status--wait">{t('players.admin.mustChange')}</span>}
      {player.is_guest && <span className="status">{t('home.guestBadge')}</span>}
      {twoFactor && (
        <span className="status status--ok" data-testid="player-2fa-badge">
          {t('players.admin.twoFactorOn')}
        </span>
      )}
    </span>
  );
}

function Detail({ detail }: { detail: AdminPlayerDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { player, wallet, limits, kyc } = detail;
  const money = (minor: number, options?: { signed?: boolean }) =>
    formatAmount(minor, wallet.currency, wallet.exponent, lang, options);
  // The limits the player has set (or is waiting to set); the rest are not limits.
  const set = (limits?.limits ?? []).filter((l) => l.amount !== null || l.pending !== null);
  return (
    <article className="players__detail" data-testid="player-detail" data-account={player.account}>
      <header className="players__head">
        <div>
          <h2 className="section__title">{player.account}</h2>
          <p className="muted">
            #{player.id} · {player.nickname} · {t('players.admin.joined')} {formatDateTime(player.created_at, lang)}
          </p>
          <PlayerBadges player={player} twoFactor={detail.two_factor} />
        </div>
        <PlayerActions player={player} twoFactor={detail.two_factor} />
      </header>
      {player.frozen && (
        <p className="players__frozen" role="status">
          {t('players.admin.frozenSince', {
            at: player.frozen_at ? formatDateTime(player.frozen_at, lang) : '',
            reason: player.frozen_reason ?? '',
          })}
        </p>
      )}
      <dl className="players__facts">
        <div>
          <dt>{t('players.admin.balance')}</dt>
          <dd className="mono" data-testid="player-balance">
            {money(wallet.balance)}
          </dd>
        </div>
        <div>
          <dt>{t('players.admin.held')}</dt>
          <dd className="mono">{money(wallet.frozen)}</dd>
        </div>
        <div>
          <dt>{t('players.admin.kyc')}</dt>
          <dd>{t(`kyc.status.${kyc.status}`)}</dd>
        </div>
        <div>
          <dt>{t('players.admin.limits')}</dt>
          <dd>
            {set.length === 0
              ? t('players.admin.noLimits')
              : set.map((l) => (
                  <span key={`${l.kind}-${l.period}`} className="players__limit">
                    {t(`limits.kind.${l.kind}`)} · {t(`limits.period.${l.period}`)}:{' '}
                    {l.amount === null ? '—' : money(l.amount)}
                  </span>
                ))}
          </dd>
        </div>
      </dl>
      <PlayerRecords id={player.id} money={money} />
    </article>
  );
}

/**
 * The console's Players screen: search by account, nickname or id (paged) beside the chosen player's detail — his
 * wallet, limits, identity verification and records, and the freeze and password-reset actions. Side by side on a
 * desk, one under the other on a phone.
 */
export function PlayersTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<number | null>(null);
  const search = usePlayerSearch(q, page);
  const detail = usePlayerDetail(picked);
  const form = useForm<SearchValues, unknown, { q: string }>({
    defaultValues: { q: '' },
    resolver: contractResolver<SearchValues, unknown, { q: string }>(searchSchema),
  });
  const onSubmit = form.handleSubmit(({ q: next }) => {
    setQ(next);
    setPage(1);
  });

  const columns = useMemo<DataColumn<AdminPlayer>[]>(
    () => [
      { id: 'id', header: t('players.admin.id'), value: (p) => p.id, align: 'end', nowrap: true },
      {
        id: 'account',
        header: t('players.admin.account'),
        value: (p) => p.account,
        cell: (p) => (
          <span className="players__who">
            <span className="record__title">{p.account}</span>
            <span className="muted">{p.nickname}</span>
          </span>
        ),
        filter: 'text',
        nowrap: true,
      },
      {
        id: 'state',
        header: t('players.admin.state'),
        value: (p) => (p.frozen ? 'frozen' : p.is_guest ? 'guest' : 'active'),
        cell: (p) => <PlayerBadges player={p} />,
        filter: {
          options: (['active', 'frozen', 'guest'] as const).map((v) => ({
            value: v,
            label: v === 'guest' ? t('home.guestBadge') : t(`players.admin.${v}`),
          })),
        },
      },
      {
        id: 'joined',
        header: t('players.admin.joined'),
        value: (p) => p.created_at,
        cell: (p) => formatDateTime(p.created_at, lang),
        nowrap: true,
      },
    ],
    [t, lang],
  );

  let pane;
  if (picked === null) pane = <NoticeState text={t('players.admin.pick')} testId="player-pick" />;
  else if (detail.isPending) pane = <Skeleton style={{ height: 240 }} />;
  else if (detail.isError) pane = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else pane = <Detail detail={detail.data} />;

  return (
    <section className="players" aria-label={t('players.admin.tab')} data-testid="admin-players">
      <div className="players__list">
        <DataTable
          testId="players-table"
          rowTestId="player-row"
          label={t('players.admin.tab')}
          columns={columns}
          rows={search.data?.list}
          rowKey={(p) => p.id}
          empty={t('players.admin.empty')}
          error={search.error}
          onRetry={() => void search.refetch()}
          paging={{ page, hasMore: search.data?.has_more ?? false, onPage: setPage, fetching: search.isFetching }}
          onRowClick={(p) => setPicked(p.id)}
          selectedKey={picked}
          toolbar={
            <form className="players__search" role="search" onSubmit={(e) => void onSubmit(e)} noValidate>
              <FormTextField
                control={form.control}
                name="q"
                label={t('players.admin.search')}
                autoComplete="off"
                maxLength={64}
                testId="player-search"
              />
              <button type="submit" className="btn btn--primary btn--small" data-testid="player-search-submit">
                {t('players.admin.find')}
              </button>
            </form>
          }
        />
      </div>
      <div className="players__pane">{pane}</div>
    </section>
  );
}
