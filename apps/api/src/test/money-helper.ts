import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createOperator } from '../modules/operators/operators.service.ts';
import { call, newAccount, registerPlayer } from './helper.ts';

/** Helpers for the money tests (ledger, deposits, wallet, operator routes). */

export async function operatorToken(app: FastifyInstance, account = `op${randomBytes(4).toString('hex')}`) {
  await createOperator(app.db, account, 'opsecret123', app.clock());
  const res = await call(app, 'POST', '/api/user/login', { body: { account, password: 'opsecret123' } });
  if (res.status !== 200) throw new Error(`operator login failed: ${res.text}`);
  return (res.body.data as { token: string }).token;
}

export async function guestToken(app: FastifyInstance): Promise<string> {
  const res = await call(app, 'POST', '/api/user/guest');
  if (res.status !== 200) throw new Error(`guest failed: ${res.text}`);
  return (res.body.data as { token: string }).token;
}

export async function playerToken(app: FastifyInstance): Promise<string> {
  return (await registerPlayer(app, newAccount('p'))).token;
}

export type Channels = { bank: number; pix: number; trc: number; erc: number };

export async function channels(app: FastifyInstance): Promise<Channels> {
  const rows = await app.db.selectFrom('recharge_channels').select(['id', 'type', 'config']).orderBy('id').execute();
  const find = (f: (r: (typeof rows)[number]) => boolean) => {
    const r = rows.find(f);
    if (!r) throw new Error('demo channel missing');
    return r.id;
  };
  return {
    bank: find((r) => r.type === 'bank'),
    pix: find((r) => r.type === 'pix'),
    trc: find((r) => r.type === 'crypto' && (r.config as { coin: string }).coin === 'USDT-TRC20'),
    erc: find((r) => r.type === 'crypto' && (r.config as { coin: string }).coin === 'USDT-ERC20'),
  };
}

/**
 * Sets a channel's rate through the operator's save call and enables it (a PIX or USDT channel on a site in
 * another currency is disabled until it has one). Returns the saved channel.
 */
export async function setChannelRate(app: FastifyInstance, opToken: string, channelId: number, rate: string | null) {
  const list = await call(app, 'GET', '/api/admin/channel/list', auth(opToken));
  const channel = (list.body.data as { id: number }[]).find((c) => c.id === channelId);
  if (!channel) throw new Error(`channel ${channelId} missing`);
  const res = await call(app, 'POST', '/api/admin/channel/save', {
    ...auth(opToken),
    body: { ...channel, enabled: true, rate },
  });
  if (res.status !== 200) throw new Error(`channel save failed: ${res.text}`);
  return res.body.data as { id: number; currency: string; rate: string | null; enabled: boolean };
}

/** A webhook secret of a test's own, long and random (the config refuses a short one). */
export const TEST_PIX_SECRET = randomBytes(32).toString('hex');

export const bankFields = {
  payee: 'DEMO ONLY - DO NOT PAY',
  account_number: '000-0-00000-0',
  bank: 'Demo Bank',
  deposit_time: 1_763_800_000_000,
  payer_name: 'Somchai Demo',
};

export function auth(token: string, extra: Record<string, string> = {}) {
  return { headers: { token, lang: 'en', ...extra } };
}

export async function submitBank(app: FastifyInstance, token: string, channelId: number, amount: number) {
  return call(app, 'POST', '/api/recharge/submit', {
    ...auth(token),
    body: { channel_id: channelId, amount, ...bankFields },
  });
}

export async function wallet(app: FastifyInstance, token: string) {
  const res = await call(app, 'GET', '/api/wallet/index', auth(token));
  if (res.status !== 200) throw new Error(`wallet failed: ${res.text}`);
  return res.body.data as { balance: number; frozen: number; total_assets: number; available: number; demo: boolean };
}

export async function count(app: FastifyInstance, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::bigint as n from ${sql.table(table)}`.execute(app.db);
  return rows[0]?.n ?? 0;
}
