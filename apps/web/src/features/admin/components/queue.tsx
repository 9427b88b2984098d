import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDeposit, AdminWithdrawal, DepositStatus, PayoutMethod, WithdrawalStatus } from '@fairdraw/contract';
import { CopyRow } from '../../../components/copy-button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { formatTime } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useDecide, type Decision, type Queue as QueueName } from '../api/decide.ts';
import { useAdminDeposits } from '../api/list-deposits.ts';
import { useAdminWithdrawals } from '../api/list-withdrawals.ts';
import { useSandboxPay } from '../api/sandbox-pay.ts';
import { useProviders } from '../api/get-providers.ts';
import { exponentOf } from '../../../lib/channel-amount.ts';
import { formatAmount } from '../../../lib/money.ts';

type Item = AdminDeposit | AdminWithdrawal;
const isDeposit = (i: Item): i is AdminDeposit => 'channel_type' in i;

/** One operator queue: status filter, search, the requests, and Approve / Reject with a reason. */
export function Queue({ queue }: { queue: QueueName }) {
  const { t } = useTranslation();
  const statuses =
    queue === 'deposits' ? (['pending', 'success', 'rejected'] as const) : (['pending', 'paid', 'rejected'] as const);
  const [status, setStatus] = useState<(typeof statuses)[number]>('pending');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [acting, setActing] = useState<{ item: Item; decision: Decision } | null>(null);
  const kind = queue === 'deposits' ? 'deposit' : 'withdrawal';

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setQ(search.trim());
  };

  const onAct = (item: Item, decision: Decision) => setActing({ item, decision });

  return (
    <section aria-label={t(`admin.tabs.${queue}`)}>
      <div className="toolbar">
        <div className="chips" role="group" aria-label={t('records.status')}>
          {statuses.map((s) => (
            <button
              key={s}
              type="button"
              className="chip"
              aria-pressed={s === status}
              onClick={() => setStatus(s)}
              data-testid={`admin-status-${s}`}
            >
              {t(`status.${kind}.${s}`)}
            </button>
          ))}
        </div>
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
      <DecisionDialog queue={queue} acting={acting} onClose={() => setActing(null)} />
    </section>
  );
}

type OnAct = (item: Item, decision: Decision) => void;

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

function QueueItem({ item, onAct, kind }: { item: Item; onAct: OnAct; kind: 'deposit' | 'withdrawal' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format, currency } = useMoney();
  const sandbox = useSandboxPay();
  // The simulate button only while the sandbox provider exists (PAYMENTS_SANDBOX).
  const sandboxOn = useProviders().data?.sandbox === true;
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
          #{item.id} · {formatTime(item.created_at, lang)}
        </span>
        <StatusBadge status={item.status} kind={kind} />
      </div>
      <dl className="facts facts--small">
        {isDeposit(item) ? (
          <>
            <div>
              <dt>{t('recharge.channel')}</dt>
              <dd>{item.channel_name}</dd>
            </div>
            {item.channel_currency !== currency && (
              <div>
                <dt>{t('admin.expected')}</dt>
                <dd className="num" data-testid="admin-expected">
                  {formatAmount(item.channel_amount, item.channel_currency, exponentOf(item.channel_currency), lang)}
                  {item.rate && (
                    <span className="muted">
                      {' · '}
                      {t('recharge.rate', { site: currency, rate: item.rate, currency: item.channel_currency })}
                    </span>
                  )}
                </dd>
              </div>
            )}
            {item.transfer && (
              <>
                <div>
                  <dt>{t('recharge.payerName')}</dt>
                  <dd>{item.transfer.payer_name}</dd>
                </div>
                <div>
                  <dt>{t('recharge.payee')}</dt>
                  <dd className="break">
                    {item.transfer.payee} · {item.transfer.bank} · {item.transfer.account_number}
                  </dd>
                </div>
                <div>
                  <dt>{t('recharge.depositTime')}</dt>
                  <dd>{formatTime(item.transfer.deposit_time, lang)}</dd>
                </div>
              </>
            )}
            {item.tx_hash && (
              <div>
                <dt>{t('recharge.txHash')}</dt>
                <dd className="break">{item.tx_hash}</dd>
              </div>
            )}
            {item.br_code && (
              <div>
                <dt>{t('recharge.pixCode')}</dt>
                <dd className="break mono">{item.br_code}</dd>
              </div>
            )}
          </>
        ) : (
          <>
            <div>
              <dt>{t('withdraw.fee')}</dt>
              <dd className="num">{format(item.fee)}</dd>
            </div>
          </>
        )}
        {item.reason && (
          <div>
            <dt>{t('records.reason')}</dt>
            <dd>{item.reason}</dd>
          </div>
        )}
      </dl>
      {!isDeposit(item) && <Destination to={item.payout_to} />}
      {item.status === 'pending' && (
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
            onClick={() => onAct(item, 'approve')}
            data-testid="admin-approve"
          >
            {t('admin.approve')}
          </button>
        </div>
      )}
    </article>
  );
}

/** Where the operator sends the money, in full (the player's own screens show it masked), each part copyable. */
function Destination({ to }: { to: PayoutMethod }) {
  const { t } = useTranslation();
  return (
    <div className="destination" data-testid="admin-payout-to" data-type={to.type}>
      <h3 className="destination__title">{t('admin.payTo')}</h3>
      {to.type === 'bank' && (
        <>
          <CopyRow label={t('payout.holder')} value={to.name} testId="payout-to-name" />
          <Fact label={t('payout.bankName')} value={to.bank_name} testId="payout-to-bank" />
          <CopyRow label={t('payout.cardNumber')} value={to.card_number} testId="payout-to-number" />
        </>
      )}
      {to.type === 'crypto' && (
        <>
          <Fact label={t('payout.coin')} value={to.coin} testId="payout-to-coin" />
          <CopyRow label={t('payout.address')} value={to.address} testId="payout-to-address" />
        </>
      )}
      {to.type === 'pix' && (
        <>
          <Fact label={t('admin.pixKeyType')} value={to.key_type.toUpperCase()} testId="payout-to-keytype" />
          <CopyRow label={t('payout.pixKey')} value={to.key} testId="payout-to-key" />
        </>
      )}
    </div>
  );
}

/** A labelled value laid out like a copy row, for parts not worth copying (bank name, coin, key type). */
function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="copy-row">
      <div className="copy-row__text">
        <span className="copy-row__label">{label}</span>
        <span className="copy-row__value" data-testid={testId}>
          {value}
        </span>
      </div>
    </div>
  );
}

function DecisionDialog({
  queue,
  acting,
  onClose,
}: {
  queue: QueueName;
  acting: { item: Item; decision: Decision } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const [reason, setReason] = useState('');
  const decide = useDecide(queue);
  const { error, setError, busy, run } = useSubmit();
  const reject = acting?.decision === 'reject';
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={!!acting}
      title={reject ? t('admin.rejectTitle') : t('admin.approveTitle')}
      confirmText={reject ? t('admin.reject') : t('admin.approve')}
      confirmTestId="admin-confirm"
      busy={busy}
      onCancel={close}
      onConfirm={() => {
        if (!acting) return;
        if (reject && !reason.trim()) return setError({ text: t('errors:REASON_REQUIRED'), field: 'reason' });
        const body = reject ? { id: acting.item.id, reason: reason.trim() } : { id: acting.item.id };
        void run(
          () => decide.mutateAsync({ decision: acting.decision, body }),
          () => {
            showToast(t('admin.done'));
            close();
          },
        );
      }}
    >
      {acting && (
        <p>
          #{acting.item.id} · {acting.item.user.account} · <span className="num">{format(acting.item.amount)}</span>
        </p>
      )}
      {reject && (
        <label className="field">
          <span className="field__label">{t('admin.reason')}</span>
          <textarea
            className="input"
            rows={3}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error?.field === 'reason' || undefined}
            data-testid="admin-reason"
          />
        </label>
      )}
      <FormError text={error?.text ?? null} />
    </ConfirmDialog>
  );
}
