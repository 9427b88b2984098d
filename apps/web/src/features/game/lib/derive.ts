// Pure display derivations of the game screens: the countdown, the slip's possible return, and what each family's
// result shows beside its numbers. Only what the display needs; settlement itself is the server's (packages/domain).

export type Family = 'pk10' | 'k3' | 'marksix' | 'lucky28' | 'ssc';

const CODE_FAMILY: Record<string, Family> = {
  df_pk10: 'pk10',
  df_pk10_3: 'pk10',
  df_pk10_5: 'pk10',
  df_k3: 'k3',
  xam_6: 'marksix',
  xy_28: 'lucky28',
  df_ssc: 'ssc',
};
const ROUTE_FAMILY: Record<string, Family> = {
  '/pkshi': 'pk10',
  '/kuaisan': 'k3',
  '/aoliu': 'marksix',
  '/xingyun': 'lucky28',
  '/shishicai': 'ssc',
};

/** The family of a game: by its code, else by the route that shows it. */
export function familyOf(code: string | null, pathname: string): Family | null {
  if (code && Object.hasOwn(CODE_FAMILY, code)) return CODE_FAMILY[code] ?? null;
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return Object.hasOwn(ROUTE_FAMILY, p) ? (ROUTE_FAMILY[p] ?? null) : null;
}

/** Milliseconds left as mm:ss (h:mm:ss from an hour up), rounded up so 0:00 shows only when time is out. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export type Phase =
  | { kind: 'none' }
  | { kind: 'waiting'; ms: number }
  | { kind: 'open'; ms: number }
  | { kind: 'sealed'; ms: number }
  | { kind: 'drawing' };

export type PeriodTimes = {
  issue: string | null;
  status: string | null;
  open_at: number | null;
  seal_at: number | null;
  draw_at: number | null;
};

/** Where the current period stands at server time `now`: the clock decides, as on the server. */
export function phaseAt(p: PeriodTimes, now: number): Phase {
  if (!p.issue || p.seal_at === null || p.draw_at === null) return { kind: 'none' };
  if (p.status === 'void') return { kind: 'none' };
  if (p.open_at !== null && now < p.open_at) return { kind: 'waiting', ms: p.open_at - now };
  if (now < p.seal_at && (p.status === 'open' || p.status === 'scheduled'))
    return { kind: 'open', ms: p.seal_at - now };
  if (now < p.draw_at) return { kind: 'sealed', ms: p.draw_at - now };
  return { kind: 'drawing' };
}

/** A winning line pays floor(stake × odds / 10000), stake and result in integer minor units. */
export function lineReturn(amount: number, oddsBps: number): number {
  const product = amount * oddsBps;
  if (Number.isSafeInteger(product)) return Math.floor(product / 10_000);
  return Number((BigInt(amount) * BigInt(oddsBps)) / 10_000n);
}

/** The slip's total stake and possible return (every line winning), in minor units. */
export function slipTotals(lines: readonly { amount: number; odds_bps: number }[]): { total: number; ret: number } {
  let total = 0;
  let ret = 0;
  for (const l of lines) {
    total += l.amount;
    ret += lineReturn(l.amount, l.odds_bps);
  }
  return { total, ret };
}

export type Size = 'big' | 'small';
export type Parity = 'odd' | 'even';
const parity = (n: number): Parity => (n % 2 === 0 ? 'even' : 'odd');
const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

/** K3: the sum; big/small and odd/even lose to a triple, so a triple shows as such. */
export function k3Summary(dice: readonly number[]): { sum: number; triple: boolean; size: Size; parity: Parity } {
  const s = sum(dice);
  const triple = dice.length === 3 && dice[0] === dice[1] && dice[1] === dice[2];
  return { sum: s, triple, size: s >= 11 ? 'big' : 'small', parity: parity(s) };
}

/** PK10: champion + runner-up sum; 11 is small and odd. */
export function pk10Summary(order: readonly number[]): { sum: number; size: Size; parity: Parity } {
  const s = (order[0] ?? 0) + (order[1] ?? 0);
  return { sum: s, size: s >= 12 ? 'big' : 'small', parity: parity(s) };
}

export type DragonTiger = 'dragon' | 'tiger' | 'tie';

/** Instant lottery: the total (big ≥ 23) and dragon/tiger/tie of the first and the last digit. */
export function sscSummary(digits: readonly number[]): { sum: number; size: Size; parity: Parity; dt: DragonTiger } {
  const s = sum(digits);
  const first = digits[0] ?? 0;
  const last = digits[digits.length - 1] ?? 0;
  const dt: DragonTiger = first > last ? 'dragon' : first < last ? 'tiger' : 'tie';
  return { sum: s, size: s >= 23 ? 'big' : 'small', parity: parity(s), dt };
}

/** Lucky 28: the sum of three digits, big 14..27. */
export function lucky28Summary(digits: readonly number[]): { sum: number; size: Size; parity: Parity } {
  const s = sum(digits);
  return { sum: s, size: s >= 14 ? 'big' : 'small', parity: parity(s) };
}

export type Wave = 'red' | 'blue' | 'green';
const RED = new Set([1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46]);
const BLUE = new Set([3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48]);

/** Mark Six: the fixed wave colour of a number. */
export function waveOf(n: number): Wave {
  if (RED.has(n)) return 'red';
  if (BLUE.has(n)) return 'blue';
  return 'green';
}
