import { useTranslation } from 'react-i18next';
import type { AdminDeposit, AdminWithdrawal } from '@fairdraw/contract';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toast.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useMoney } from '../../lib/wallet.ts';
import type { Decision } from '../ui/decision-dialog.tsx';
import { useProviders } from './api/get-providers.ts';
import { useSandboxPay } from './api/sandbox-pay.ts';
import { DepositFacts } from './deposit-facts.tsx';
import { Destination } from './payout-destination.tsx';
import { TxHashCheck, txHashBlocked } from './tx-hash-check.tsx';

/** A request in an operator queue: a deposit or a withdrawal. */
export type QueueEntry = AdminDeposit | AdminWithdrawal;
export type OnAct = (item: QueueEntry, decision: Decision) => void;
const isDeposit = (i: QueueEntry): i is AdminDeposit => 'channel_type' in i;

/** One request: who, how much, when, its facts; while pending, Approve / Reject (and the sandbox's simulate). */
export function QueueItem({ item, onAct, kind }: { item: QueueEntry; onAct: OnAct; kind: 'deposit' | 'withdrawal' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format } = useMoney();
  return (
    <article className="record" data-testid="admin-item" data-id={item.id}>
      <div className="record__main">
        <span className="record__title">
          {item.user.nickname} <span className="muted">@{item.user.account}</span>
        </span>
        <span className="record__amount num">{format(item.amount)}</span>
      </div>
      <div className="record__meta">
        <span>
          #{item.id} · {formatDateTime(item.created_at, lang)}
        </span>
        <StatusBadge status={item.status} kind={kind} />
      </div>
      <dl className="facts facts--small">
        {isDeposit(item) ? (
          <DepositFacts item={item} />
        ) : (
          <div>
            <dt>{t('withdraw.fee')}</dt>
            <dd className="num">{format(item.fee)}</dd>
          </div>
        )}
        {item.reason && (
          <div>
            <dt>{t('records.reason')}</dt>
            <dd>{item.reason}</dd>
          </div>
        )}
      </dl>
      {isDeposit(item) ? <TxHashCheck item={item} /> : <Destination to={item.payout_to} />}
      {item.status === 'pending' && <Actions item={item} onAct={onAct} />}
    </article>
  );
}

function Actions({ item, onAct }: { item: QueueEntry; onAct: OnAct }) {
  const { t } = useTranslation();
  const sandbox = useSandboxPay();
  // The simulate button only while the sandbox provider exists (PAYMENTS_SANDBOX).
  const sandboxOn = useProviders().data?.sandbox === true;
  return (
    <div className="record__actions">
      {sandboxOn && isDeposit(item) && item.channel_type === 'pix' && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={sandbox.isPending}
          data-testid="admin-sandbox-pay"
          onClick={() =>
            sandbox.mutate(item.id, {
              onSuccess: () => showToast(t('admin.sandboxDone')),
              onError: (e) => showToast(e.message, 'error'),
            })
          }
        >
          {t('admin.sandboxPay')}
        </button>
      )}
      <button
        type="button"
        className="btn btn--danger btn--small"
        onClick={() => onAct(item, 'reject')}
        data-testid="admin-reject"
      >
        {t('admin.reject')}
      </button>
      <button
        type="button"
        className="btn btn--primary btn--small"
        // A transfer backs one deposit: the API refuses this approval (TX_HASH_USED / TX_HASH_CREDITED) anyway.
        disabled={isDeposit(item) && txHashBlocked(item)}
        onClick={() => onAct(item, 'approve')}
        data-testid="admin-approve"
      >
        {t('admin.approve')}
      </button>
    </div>
  );
}
