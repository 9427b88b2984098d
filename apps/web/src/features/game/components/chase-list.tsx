import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Chase, ChasePeriodState, ChaseStatus } from '@fairdraw/contract';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { errorText, serverError } from '../../../lib/form-errors.ts';
import { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { cancelChase } from '../api/cancel-chase.ts';
import { useChases } from '../api/get-chases.ts';
import { WALLET_KEY } from '../../../lib/server-state/keys.ts';

const TONE: Record<ChaseStatus, 'ok' | 'wait' | 'bad'> = {
  active: 'wait',
  done: 'ok',
  won: 'ok',
  cancelled: 'wait',
  refused: 'bad',
};
const PERIOD_TONE: Record<ChasePeriodState, 'ok' | 'wait' | 'bad'> = {
  pending: 'wait',
  placed: 'ok',
  refunded: 'wait',
  void: 'wait',
};

/** The player's chases (a tab of the bet records): each period's state, and cancel while it runs. */
export function ChaseList({ token }: { token: string }) {
  const { t } = useTranslation();
  const list = useChases(token);
  return (
    <PagedList query={list} empty={t('chase.empty')} itemKey={(c) => c.id} render={(c) => <ChaseRow chase={c} />} />
  );
}

function ChaseRow({ chase }: { chase: Chase }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format } = useMoney();
  const qc = useQueryClient();
  const keys = useRef(new IdempotencyKeys());
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => keys.current.send({ id: chase.id }, (key) => cancelChase(chase.id, key)),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: WALLET_KEY });
      void qc.invalidateQueries({ queryKey: ['bets'] });
    },
    onSettled: () => setConfirming(false),
  });
  const pending = chase.list.filter((p) => p.state === 'pending');
  const placed = chase.list.filter((p) => p.state === 'placed' || p.state === 'void').length;
  const tone = TONE[chase.status];
  const failure = cancel.error ? errorText(t, serverError(cancel.error)?.error) : null;
  return (
    <div className="record" data-testid="chase-item" data-status={chase.status}>
      <div className="record__main">
        <span className="record__title">
          {chase.game_name} · {t('chase.progress', { placed, n: chase.periods })}
        </span>
        <span className="record__amount num">{format(chase.total)}</span>
      </div>
      <div className="record__meta">
        <span>
          #{chase.id} · {formatDateTime(chase.created_at, lang)}
          {chase.stop_on_win && ` · ${t('chase.stopsOnWin')}`}
        </span>
        <span className={`status status--${tone}`} data-testid="chase-status">
          {t(`chase.status.${chase.status}`)}
        </span>
      </div>
      {chase.stop_reason && <p className="muted">{errorText(t, { message: chase.stop_reason })}</p>}
      <ul className="bet-lines">
        {chase.list.map((p) => (
          <li key={p.seq} className="bet-line" data-testid="chase-period" data-state={p.state}>
            <span className="bet-line__name">
              {p.seq}. <span className="num">{p.issue ?? '—'}</span> <span className="muted num">×{p.multiplier}</span>
            </span>
            <span className="num">{format(p.amount)}</span>
            <span className={`bet-line__payout chase-state chase-state--${PERIOD_TONE[p.state]}`}>
              {t(`chase.state.${p.state}`)}
              {p.slip_id !== null && ` · #${p.slip_id}`}
              {p.slip_status && p.state === 'placed' && ` · ${t(`bets.status.${p.slip_status}`)}`}
            </span>
          </li>
        ))}
      </ul>
      {chase.refunded > 0 && (
        <div className="record__main">
          <span>{t('chase.refunded')}</span>
          <span className="record__amount num" data-testid="chase-refunded">
            {format(chase.refunded)}
          </span>
        </div>
      )}
      {failure && (
        <p className="status status--bad" role="alert">
          {failure}
        </p>
      )}
      {chase.status === 'active' && (
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={cancel.isPending}
          data-testid="chase-cancel"
          onClick={() => setConfirming(true)}
        >
          {t('chase.cancel')}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('chase.cancelTitle')}
        busy={cancel.isPending}
        confirmTestId="chase-cancel-confirm"
        onCancel={() => setConfirming(false)}
        onConfirm={() => cancel.mutate()}
      >
        <p className="num">
          {t('chase.cancelBody', {
            count: pending.length,
            amount: format(pending.reduce((s, p) => s + p.amount, 0)),
          })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
