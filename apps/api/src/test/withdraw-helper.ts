import type { FastifyInstance } from 'fastify';
import { API } from '@fairdraw/contract';
import { call, registerPlayer } from './helper.ts';
import { auth, channels, submitBank } from './money-helper.ts';

/** Helpers for the withdrawal tests: a player with a fund password, a bank card bound and cash in the wallet. */

export const FUND_PASSWORD = '246810';
/** A Luhn-valid test card number. */
export const CARD = '4111 1111 1111 1111';

export type WithdrawPlayer = { account: string; password: string; token: string; payoutId: number };

export async function setFundPassword(app: FastifyInstance, token: string, password = FUND_PASSWORD): Promise<void> {
  const res = await call(app, 'POST', API.fundPassword, {
    ...auth(token),
    body: { password, confirm_password: password },
  });
  if (res.status !== 200) throw new Error(`fund password failed: ${res.text}`);
}

/** Binds a bank card (CARD unless told; one number binds once per player). */
export async function bindCard(
  app: FastifyInstance,
  p: { token: string; password: string },
  cardNumber = CARD,
): Promise<number> {
  const res = await call(app, 'POST', API.payoutAdd, {
    ...auth(p.token),
    body: { type: 'bank', password: p.password, name: 'Ann Lee', bank_name: 'Demo Bank', card_number: cardNumber },
  });
  if (res.status !== 200) throw new Error(`payout add failed: ${res.text}`);
  return (res.body.data as { id: number }).id;
}

/** Credits `amount` (≥ 100.00) to the player's cash through bank deposits the operator approves. */
export async function fund(app: FastifyInstance, op: string, token: string, amount: number): Promise<void> {
  if (amount < 10_000) throw new Error('fund: deposits start at 100.00');
  const ch = await channels(app);
  let left = amount;
  while (left > 0) {
    // Each deposit is 100.00 to 100,000.00 (the demo bank channel's limits); keep the last one at least 100.00.
    const part = left <= 10_000_000 ? left : Math.min(10_000_000, left - 10_000);
    const res = await submitBank(app, token, ch.bank, part);
    if (res.status !== 200) throw new Error(`deposit failed: ${res.text}`);
    const id = (res.body.data as { id: number }).id;
    const ok = await call(app, 'POST', API.adminRechargeApprove, { ...auth(op), body: { id } });
    if (ok.status !== 200) throw new Error(`approve failed: ${ok.text}`);
    left -= part;
  }
}

/** A registered player with a fund password, a bound card and `cash` in the wallet. */
export async function readyPlayer(app: FastifyInstance, op: string, cash = 0): Promise<WithdrawPlayer> {
  const p = await registerPlayer(app);
  await setFundPassword(app, p.token);
  const payoutId = await bindCard(app, p);
  if (cash > 0) await fund(app, op, p.token, cash);
  return { ...p, payoutId };
}

export function submitWithdraw(app: FastifyInstance, token: string, body: unknown, key?: string) {
  return call(app, 'POST', API.withdrawSubmit, { ...auth(token, key ? { 'idempotency-key': key } : {}), body });
}
