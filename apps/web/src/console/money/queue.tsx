import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositStatus, WithdrawalStatus } from '@fairdraw/contract';
import { PagedList } from '../../components/paged-list.tsx';
import { useMoney } from '../../lib/wallet.ts';
import { useDecide, type Queue as QueueName } from './api/decide.ts';
import { useAdminDeposits } from './api/list-deposits.ts';
import { useAdminWithdrawals } from './api/list-withdrawals.ts';
import { DecisionDialog, type Decision } from '../ui/decision-dialog.tsx';
import { QueueItem, type OnAct, type QueueEntry } from './queue-item.tsx';
import { StatusChips } from '../ui/status-chips.tsx';

/** One operator queue: status filter, search, the requests, and Approve / Reject with a reason. */
export function Queue({ queue }: { queue: QueueName }) {
  const { t } = useTranslation();
  const statuses =
    queue === 'deposits' ? (['pending', 'success', 'rejected'] as const) : (['pending', 'paid', 'rejected'] as const);
  const [status, setStatus] = useState<(typeof statuses)[number]>('pending');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [acting, setActing] = useState<{ item: QueueEntry; decision: Decision } | null>(null);
  const decide = useDecide(queue);
  const { format } = useMoney();
  const kind = queue === 'deposits' ? 'deposit' : 'withdrawal';

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setQ(search.trim());
  };

  const onAct = (item: QueueEntry, decision: Decision) => setActing({ item, decision });

  return (
    <section aria-label={t(`admin.tabs.${queue}`)}>
      <div className="toolbar">
        <StatusChips
          statuses={statuses}
          value={status}
          onChange={setStatus}
          label={(s) => t(`status.${kind}.${s}`)}
          testId={(s) => `admin-status-${s}`}
        />
      </div>
      <form className="search" role="search" onSubmit={onSearch}>
        <input
          className="input"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('admin.search')}
          aria-label={t('admin.search')}
          data-testid="admin-search"
        />
        <button type="submit" className="btn btn--ghost btn--small">
          {t('admin.searchGo')}
        </button>
      </form>
      {queue === 'deposits' ? (
        <DepositList status={status === 'paid' ? 'success' : status} q={q} onAct={onAct} />
      ) : (
        <WithdrawalList status={status === 'success' ? 'paid' : status} q={q} onAct={onAct} />
      )}
      <DecisionDialog
        acting={acting}
        onClose={() => setActing(null)}
        decide={decide.mutateAsync}
        summary={(item) => (
          <>
            #{item.id} · {item.user.account} · <span className="num">{format(item.amount)}</span>
          </>
        )}
      />
    </section>
  );
}

function DepositList({ status, q, onAct }: { status: DepositStatus; q: string; onAct: OnAct }) {
  const { t } = useTranslation();
  const list = useAdminDeposits(status, q);
  return (
    <PagedList
      query={list}
      empty={t('admin.empty')}
      itemKey={(d) => d.id}
      render={(d) => <QueueItem item={d} kind="deposit" onAct={onAct} />}
    />
  );
}

function WithdrawalList({ status, q, onAct }: { status: WithdrawalStatus; q: string; onAct: OnAct }) {
  const { t } = useTranslation();
  const list = useAdminWithdrawals(status, q);
  return (
    <PagedList
      query={list}
      empty={t('admin.empty')}
      itemKey={(w) => w.id}
      render={(w) => <QueueItem item={w} kind="withdrawal" onAct={onAct} />}
    />
  );
}
