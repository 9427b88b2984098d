import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementMovement, BetSlip, Deposit, MessageItem, Withdrawal } from '@fairdraw/contract';
import { PagedList } from '../../components/paged-list.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { PLAYER_RECORDS, usePlayerRecords, type PlayerRecordKind } from './api/players.ts';

const KINDS = Object.keys(PLAYER_RECORDS) as PlayerRecordKind[];

/** The player's wallet's money formatter; `signed` marks a gain with "+" as a loss has "-". */
type Money = (minor: number, options?: { signed?: boolean }) => string;

function Row({ title, sub, amount, at }: { title: string; sub?: string; amount?: string; at: number }) {
  const lang = useLang();
  return (
    <div className="record" data-testid="player-record">
      <div className="record__main">
        <span className="record__title">{title}</span>
        {amount !== undefined && <span className="mono">{amount}</span>}
      </div>
      <div className="record__meta">
        <span className="break">{sub}</span>
        <time dateTime={new Date(at).toISOString()}>{formatDateTime(at, lang)}</time>
      </div>
    </div>
  );
}

function Records({ kind, id, money }: { kind: PlayerRecordKind; id: number; money: Money }) {
  const { t } = useTranslation();
  // One query per kind; each list is typed where it is rendered.
  const query = usePlayerRecords<unknown>(kind, id);
  const render = (item: unknown) => {
    switch (kind) {
      case 'ledger': {
        const m = item as StatementMovement;
        return (
          <Row
            title={t(`wallet.cause.${m.cause}`)}
            sub={`→ ${money(m.balance_after)}${m.issue ? ` · ${m.issue}` : ''}`}
            amount={money(m.amount, { signed: true })}
            at={m.at}
          />
        );
      }
      case 'bets': {
        const b = item as BetSlip;
        return (
          <Row
            title={`#${b.id} ${b.game_name} · ${b.issue}`}
            sub={`${t(`bets.status.${b.status}`)}${
              b.payout !== null ? ` · ${t('bets.payout')} ${money(b.payout)}` : ''
            }`}
            amount={money(b.total)}
            at={b.created_at}
          />
        );
      }
      case 'deposits': {
        const d = item as Deposit;
        return (
          <Row title={`#${d.id}`} sub={t(`status.deposit.${d.status}`)} amount={money(d.amount)} at={d.created_at} />
        );
      }
      case 'withdrawals': {
        const w = item as Withdrawal;
        return (
          <Row title={`#${w.id}`} sub={t(`status.withdrawal.${w.status}`)} amount={money(w.amount)} at={w.created_at} />
        );
      }
      case 'messages': {
        const m = item as MessageItem;
        return <Row title={m.title} sub={m.body} at={m.at} />;
      }
    }
  };
  return (
    <PagedList
      query={query}
      empty={t('players.admin.noRecords')}
      itemKey={(item) => String((item as { id: number | string }).id)}
      render={render}
    />
  );
}

/** A player's records, one kind at a time: ledger, bets, deposits, withdrawals, messages (each paged). */
export function PlayerRecords({ id, money }: { id: number; money: Money }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PlayerRecordKind>('ledger');
  return (
    <section className="players__records" aria-label={t('players.admin.records.title')}>
      <Tabs
        wrap
        label={t('players.admin.records.title')}
        value={kind}
        onChange={setKind}
        items={KINDS.map((k) => ({ key: k, label: t(`players.admin.records.${k}`), testId: `player-records-${k}` }))}
      />
      <Records key={`${kind}-${id}`} kind={kind} id={id} money={money} />
    </section>
  );
}
