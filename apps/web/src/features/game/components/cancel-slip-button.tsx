import { useRef, useState, useSyncExternalStore } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BetSlip } from '@fairdraw/contract';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { showToast } from '../../../lib/toast.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { cancelBet } from '../api/cancel-bet.ts';
import { serverClock } from '../lib/server-clock.ts';
import { WALLET_KEY } from '../../../lib/server-state/keys.ts';

/**
 * "Cancel bet" on a slip that can still be cancelled (the API says `cancellable`, and the server's clock has not
 * reached the period's seal): a confirm step, then POST /api/game/cancel with an idempotency key (a double tap or a
 * retry refunds once). Once cancelled the slip lists and the wallet are fetched again; a refusal (the seal came
 * first, say) is shown as the API's translated message and the lists are fetched again too. Renders nothing for a
 * slip that cannot be cancelled, so any slip list can place it.
 */
export function CancelSlipButton({ slip, onCancelled }: { slip: BetSlip; onCancelled?: (slip: BetSlip) => void }) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const keys = useRef(new IdempotencyKeys());
  // Re-renders only when the seal passes, not with every tick of the clock.
  const beforeSeal = useSyncExternalStore(serverClock.subscribe, () => serverClock.now() < slip.seal_at);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['bets'] });
    void qc.invalidateQueries({ queryKey: WALLET_KEY });
  };
  const cancel = useMutation({
    mutationFn: () => keys.current.send({ id: slip.id }, (key) => cancelBet(slip.id, key)),
    onSuccess: (done) => {
      showToast(t('bets.cancel.done', { amount: format(done.payout ?? done.total) }));
      onCancelled?.(done);
    },
    onError: (e) => showToast(e.message, 'error'),
    onSettled: () => {
      setConfirming(false);
      refresh();
    },
  });
  if (!slip.cancellable || (!beforeSeal && !cancel.isPending)) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--small btn--danger"
        onClick={() => setConfirming(true)}
        disabled={cancel.isPending}
        data-testid="bet-cancel"
      >
        {t('bets.cancel.button')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('bets.cancel.title')}
        confirmText={t('bets.cancel.confirm')}
        cancelText={t('bets.cancel.keep')}
        busy={cancel.isPending}
        confirmTestId="bet-cancel-confirm"
        onCancel={() => setConfirming(false)}
        onConfirm={() => cancel.mutate()}
      >
        <p>{t('bets.cancel.body', { amount: format(slip.total), issue: slip.issue })}</p>
      </ConfirmDialog>
    </>
  );
}
