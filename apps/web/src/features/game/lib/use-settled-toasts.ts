import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BetSlip } from '@fairdraw/contract';
import { showToast } from '../../../lib/toast.ts';
import { useMoney } from '../../../lib/wallet.ts';

/**
 * A toast when one of the player's slips on screen settles: won (with the payout), lost, or the stake back (push,
 * void). Only a change seen here counts: slips already settled when the list first arrives say nothing.
 */
export function useSettledToasts(slips: readonly BetSlip[] | undefined): void {
  const { t } = useTranslation();
  const { format } = useMoney();
  const seen = useRef<Map<number, BetSlip['status']> | null>(null);
  useEffect(() => {
    if (!slips) return;
    const before = seen.current;
    seen.current = new Map(slips.map((s) => [s.id, s.status]));
    if (!before) return;
    for (const s of slips) {
      if (before.get(s.id) !== 'unsettled' || s.status === 'unsettled') continue;
      const values = { id: s.id, issue: s.issue, amount: format(s.payout ?? 0) };
      if (s.status === 'won') showToast(t('bet.toastWon', values), 'info', 5000);
      else if (s.status === 'lost') showToast(t('bet.toastLost', values), 'info', 5000);
      else showToast(t('bet.toastReturned', values), 'info', 5000);
    }
  }, [slips, t, format]);
}
