import { useEffect, useMemo, useState } from 'react';
import type { SlipLine } from '@fairdraw/domain/max-return';
import type { Family } from './derive.ts';

type MaxReturnModule = typeof import('@fairdraw/domain/max-return');

let loaded: MaxReturnModule | null = null;

/** The draw date (YYYY-MM-DD) of an issue `YYYYMMDD-NNNN`, which decides Mark Six zodiac plays. */
export function drawDateOf(issue: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})-\d{4}$/.exec(issue);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/**
 * The largest total the slip can get back from one draw, by the domain's own settlement rules (maxReturn). The
 * domain's play lists load in their own chunk when a slip first needs them, so the game screen stays light:
 * `undefined` until then (it is fetched when the slip first has a line); `null` when a line is not a play the domain knows (nothing is guessed).
 */
export function useMaxReturn(family: Family, issue: string, lines: readonly SlipLine[]): number | null | undefined {
  const [mod, setMod] = useState<MaxReturnModule | null>(loaded);
  const wanted = lines.length > 0;
  useEffect(() => {
    if (mod || !wanted) return;
    let live = true;
    void import('@fairdraw/domain/max-return').then((m) => {
      loaded = m;
      if (live) setMod(m);
    });
    return () => {
      live = false;
    };
  }, [mod, wanted]);
  const key = JSON.stringify(lines);
  return useMemo(() => {
    if (!mod) return undefined;
    try {
      return mod.maxReturn(family, JSON.parse(key) as SlipLine[], drawDateOf(issue));
    } catch {
      return null;
    }
  }, [mod, family, issue, key]);
}
