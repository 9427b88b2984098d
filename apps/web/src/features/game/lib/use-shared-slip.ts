import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlayGroup } from '@fairdraw/contract';
import { showToast } from '../../../lib/toast.ts';
import { allInCount } from '../components/number-picker.tsx';
import type { SharedSlip } from '../components/shared-slip-card.tsx';
import { SHARE_PARAM, sharedSlipSchema } from './shared-slip.ts';

/** The shared slip a `slip` parameter stands for in this game, or null when it does not read or names no play here. */
export function readSharedSlip(text: string, groups: readonly PlayGroup[]): SharedSlip | null {
  const parsed = sharedSlipSchema.safeParse(text);
  const byCode = new Map(groups.flatMap((g) => g.items.map((i) => [i.code, i] as const)));
  const lines: SharedSlip['lines'] = [];
  let skipped = 0;
  for (const l of parsed.data ?? []) {
    const item = byCode.get(l.code);
    const count = allInCount(l.code);
    const fits = count ? l.numbers?.length === count : !l.numbers;
    if (!item || !fits || lines.some((x) => x.item.id === item.id)) skipped += 1;
    else lines.push(l.numbers ? { item, amount: l.amount, numbers: l.numbers } : { item, amount: l.amount });
  }
  return lines.length > 0 ? { lines, skipped } : null;
}

/**
 * A shared slip in the game route's `slip` parameter, read once the game's plays are known: checked with
 * sharedSlipSchema and matched to this game's plays by code. A link that does not read, or names none of them, is
 * ignored with a message; lines naming no play here are left out and counted. Copying or putting it aside takes the
 * parameter off the address.
 */
export function useSharedSlip(groups: readonly PlayGroup[], ready: boolean) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const text = params.get(SHARE_PARAM);
  const shared = useMemo(() => (text !== null && ready ? readSharedSlip(text, groups) : null), [text, ready, groups]);
  const clear = useCallback(
    () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete(SHARE_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const invalid = text !== null && ready && shared === null;
  useEffect(() => {
    if (!invalid) return;
    showToast(t('bet.sharedInvalid'), 'error', 4000);
    clear();
  }, [invalid, clear, t]);

  return { shared, dismiss: clear };
}
