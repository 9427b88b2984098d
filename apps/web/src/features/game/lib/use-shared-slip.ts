import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlayGroup } from '@fairdraw/contract';
import { showToast } from '../../../lib/toast.ts';
import type { SharedSlip } from '../components/shared-slip-card.tsx';
import { SHARE_PARAM } from './shared-slip.ts';

/**
 * A shared slip in the game route's `slip` parameter, read once the game's plays are known: checked with
 * sharedSlipSchema and matched to this game's plays by code (lib/read-shared-slip.ts, fetched only when the address
 * carries a link, so no game page's first load carries zod). A link that does not read, or names none of them, is
 * ignored with a message; lines naming no play here are left out and counted. Copying or putting it aside takes the
 * parameter off the address.
 */
export function useSharedSlip(groups: readonly PlayGroup[], ready: boolean) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const text = params.get(SHARE_PARAM);
  const [read, setRead] = useState<{ text: string; groups: readonly PlayGroup[]; slip: SharedSlip | null } | null>(
    null,
  );
  useEffect(() => {
    if (text === null || !ready) return;
    let live = true;
    // The card that shows it (a lazy part of the game page) comes with the reading, so it is there when the slip is.
    void Promise.all([import('./read-shared-slip.ts'), import('../components/shared-slip-card.tsx')]).then(([m]) => {
      if (live) setRead({ text, groups, slip: m.readSharedSlip(text, groups) });
    });
    return () => {
      live = false;
    };
  }, [text, ready, groups]);
  const done = read !== null && read.text === text && read.groups === groups && ready;
  const shared = done ? read.slip : null;
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
  const invalid = done && shared === null;
  useEffect(() => {
    if (!invalid) return;
    showToast(t('bet.sharedInvalid'), 'error', 4000);
    clear();
  }, [invalid, clear, t]);

  return { shared, dismiss: clear };
}
