import { z } from 'zod';
import type { PlayGroup } from '@fairdraw/contract';
import { allInCount } from '../components/number-picker.tsx';
import type { SharedSlip } from '../components/shared-slip-card.tsx';
import type { SharedLine } from './shared-slip.ts';

// Reading a shared slip's link: its own chunk (zod), loaded by lib/use-shared-slip.ts only when a link carries one.

const MAX_LINES = 100;

const line = z
  .string()
  .regex(/^[a-z0-9][a-z0-9.-]{0,39}~[1-9]\d{0,11}(~\d{1,2}(-\d{1,2}){1,2})?$/)
  .transform((text): SharedLine => {
    const [code = '', amount = '0', numbers] = text.split('~');
    return numbers
      ? { code, amount: Number(amount), numbers: numbers.split('-').map(Number) }
      : { code, amount: Number(amount) };
  })
  .refine(
    (l) => !l.numbers || (l.numbers.every((n) => n >= 1 && n <= 49) && new Set(l.numbers).size === l.numbers.length),
  );

/** The `slip` parameter's text → its lines; any line that does not read makes the whole link unreadable. */
export const sharedSlipSchema = z
  .string()
  .max(MAX_LINES * 60)
  .transform((text) => text.split(','))
  .pipe(z.array(line).min(1).max(MAX_LINES));

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
