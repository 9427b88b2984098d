import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { API } from '@fairdraw/contract';
import type { AdminDeposit } from '@fairdraw/contract';
import { normalizeTxHash } from '@fairdraw/domain';
import { MIGRATIONS, migrateToLatest } from '../../db/migrate.ts';
import { buildTestApp, call, newAccount, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, channels, count, operatorToken, setChannelRate, wallet } from '../../test/money-helper.ts';
import type { Channels } from '../../test/money-helper.ts';

// One crypto transfer (network and normalised hash) backs at most one deposit, ever (README.md).

const onPostgres = Boolean(process.env.DATABASE_URL);
const H = '4f0d7a1c9b2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e';
/** A hash of its own per test, so the tests of this file never share one. */
const hashOf = (n: number) => `${H.slice(0, 60)}${n.toString(16).padStart(4, '0')}`;

type Player = { token: string; id: number; account: string };

async function player(t: TestApp): Promise<Player> {
  const account = newAccount('tx');
  const { token } = await registerPlayer(t.app, account);
  const row = await t.app.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return { token, id: row.id, account };
}

const submit = (t: TestApp, token: string, channel: number, hash: string) =>
  call(t.app, 'POST', API.rechargeSubmit, {
    ...auth(token),
    body: { channel_id: channel, amount: 20_000, tx_hash: hash },
  });

type World = { t: TestApp; ch: Channels; op: string; a: Player; b: Player };

/** A site whose USDT channels take deposits at an operator-set rate (USDT per THB), and two players. */
async function world(): Promise<World> {
  const t = await buildTestApp();
  const ch = await channels(t.app);
  const op = await operatorToken(t.app);
  for (const id of [ch.trc, ch.erc]) await setChannelRate(t.app, op, id, '0.03');
  return { t, ch, op, a: await player(t), b: await player(t) };
}

async function operatorList(t: TestApp, op: string, status: string, q: string): Promise<AdminDeposit[]> {
  const res = await call(t.app, 'GET', `${API.adminRechargeList}?status=${status}&q=${q}&limit=50`, auth(op));
  expect(res.status).toBe(200);
  return (res.body.data as { list: AdminDeposit[] }).list;
}

describe('a transfer named by several submissions', () => {
  let t: TestApp;
  let ch: Channels;
  let op: string;
  let a: Player;
  let b: Player;
  beforeAll(async () => {
    ({ t, ch, op, a, b } = await world());
  });
  afterAll(async () => {
    await t.close();
  });

  it('A, then B, then A in upper case, then A with 0x and spaces: one deposit, three TX_HASH_USED', async () => {
    const hash = hashOf(1);
    const before = await count(t.app, 'deposits');
    const first = await submit(t, a.token, ch.trc, hash);
    expect(first.status).toBe(200);
    for (const [who, variant] of [
      [b, hash],
      [a, hash.toUpperCase()],
      [a, `  0x${hash.slice(0, 30)} ${hash.slice(30).toUpperCase()}\n`],
      [b, `0X${hash.slice(0, 20)}\t${hash.slice(20)}`],
    ] as const) {
      const res = await submit(t, who.token, ch.trc, variant);
      expect(res.status, variant).toBe(409);
      expect(res.body).toMatchObject({ error: 'TX_HASH_USED', field: 'tx_hash' });
      expect(res.body.msg).toBe('This transaction hash has already been used for a deposit');
    }
    expect(await count(t.app, 'deposits')).toBe(before + 1);
    // The refusal is translated.
    const th = await call(t.app, 'POST', API.rechargeSubmit, {
      headers: { token: b.token, lang: 'th' },
      body: { channel_id: ch.trc, amount: 20_000, tx_hash: hash },
    });
    expect(th.body).toMatchObject({ error: 'TX_HASH_USED', msg: 'แฮชธุรกรรมนี้ถูกใช้กับรายการฝากอื่นแล้ว' });
  });

  it('the same 32 bytes on the other network are another transfer; ERC-20 hashes normalise with or without 0x', async () => {
    const hash = hashOf(2);
    expect((await submit(t, a.token, ch.trc, hash)).status).toBe(200);
    const erc = await submit(t, a.token, ch.erc, hash.toUpperCase());
    expect(erc.status).toBe(200);
    const again = await submit(t, b.token, ch.erc, `0x${hash}`);
    expect(again.body.error).toBe('TX_HASH_USED');
  });

  it('a hash stays taken after its deposit is rejected, and after it is approved', async () => {
    const rejected = hashOf(3);
    const approved = hashOf(4);
    const r = await submit(t, a.token, ch.trc, rejected);
    const p = await submit(t, a.token, ch.trc, approved);
    const rid = (r.body.data as { id: number }).id;
    const pid = (p.body.data as { id: number }).id;
    const rej = await call(t.app, 'POST', API.adminRechargeReject, {
      ...auth(op),
      body: { id: rid, reason: 'wrong amount' },
    });
    expect(rej.status).toBe(200);
    expect((await call(t.app, 'POST', API.adminRechargeApprove, { ...auth(op), body: { id: pid } })).status).toBe(200);
    for (const hash of [rejected, approved]) {
      for (const who of [a, b]) expect((await submit(t, who.token, ch.trc, hash)).body.error).toBe('TX_HASH_USED');
    }
  });

  it('the operator sees the hash in one spelling, and that it was not named before', async () => {
    const hash = hashOf(5);
    const res = await submit(t, a.token, ch.erc, ` ${hash.toUpperCase()} `);
    expect(res.status).toBe(200);
    // The player's own record keeps what they typed.
    expect(res.body.data).toMatchObject({ tx_hash: hash.toUpperCase() });
    const [row] = await operatorList(t, op, 'pending', hash.slice(0, 40));
    expect(row).toMatchObject({
      tx_hash_normalized: `0x${hash}`,
      tx_hash_duplicate_of: null,
      tx_hash_seen: [],
      user: { account: a.account },
    });
  });

  it.skipIf(!onPostgres)(
    'of eight players naming one hash at once, one is accepted, the others TX_HASH_USED',
    async () => {
      const players = [a, b, ...(await Promise.all(Array.from({ length: 6 }, () => player(t))))];
      for (const n of [6, 7, 8]) {
        const hash = hashOf(n);
        const results = await Promise.all(
          players.map((p, i) => submit(t, p.token, ch.trc, i % 2 ? hash : `0x${hash}`)),
        );
        const statuses = results.map((r) => r.status).sort();
        expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
        expect(results.filter((r) => r.status === 409).every((r) => r.body.error === 'TX_HASH_USED')).toBe(true);
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from deposits where tx_hash_norm = ${hash}`.execute(t.app.db);
        expect(rows[0]?.n).toBe(1);
      }
    },
  );
});

describe('deposits stored twice before hashes were unique', () => {
  let t: TestApp;
  let ch: Channels;
  let op: string;
  let a: Player;
  let b: Player;
  const ids: Record<string, number> = {};
  const LEGACY = hashOf(100);
  const OTHER = hashOf(101);

  beforeAll(async () => {
    ({ t, ch, op, a, b } = await world());
    // Back to the schema before migration 0034, where nothing linked a hash to one deposit.
    const migrator = new Migrator({ db: t.app.db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
    const down = await migrator.migrateTo('2026_11_24_0033_game_period_limit');
    expect(down.error).toBeUndefined();
    // Later migrations go down first, each succeeding; 0034 is the last undone.
    const undone = down.results ?? [];
    expect(undone.every((r) => r.direction === 'Down' && r.status === 'Success')).toBe(true);
    expect(undone.at(-1)?.migrationName).toBe('2026_11_26_0034_deposit_tx_hash_once');
    const insert = async (key: string, user: Player, channel: number, hash: string | null, status = 'pending') => {
      const { rows } = await sql<{ id: number }>`
        insert into deposits (user_id, channel_id, amount, channel_currency, channel_amount, rate, status, tx_hash)
        values (${user.id}, ${channel}, 20000, 'USDT', 600000, '0.03', ${status}, ${hash}) returning id`.execute(
        t.app.db,
      );
      ids[key] = rows[0]?.id ?? 0;
    };
    // The probe: A, B, A in upper case, A with 0x; then one more on the other network and one named once.
    await insert('a1', a, ch.trc, LEGACY);
    await insert('b1', b, ch.trc, LEGACY);
    await insert('a2', a, ch.trc, LEGACY.toUpperCase(), 'rejected');
    await insert('a3', a, ch.trc, `0x${LEGACY}`);
    await insert('erc', a, ch.erc, `0x${LEGACY.toUpperCase()}`);
    await insert('once', b, ch.trc, OTHER);
    await insert('bank', b, ch.bank, null);
    const redone = await migrateToLatest(t.app.db);
    expect(redone[0]).toBe('2026_11_26_0034_deposit_tx_hash_once');
    expect(redone).toEqual(undone.map((r) => r.migrationName).reverse());
  });
  afterAll(async () => {
    await t.close();
  });

  it('the migration keeps every row, the first by id holds the hash and the later ones are flagged', async () => {
    const rows = await t.app.db
      .selectFrom('deposits')
      .select(['id', 'tx_hash', 'tx_network', 'tx_hash_norm', 'tx_hash_duplicate_of'])
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(7);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const trc = normalizeTxHash('USDT-TRC20', LEGACY);
    expect(byId.get(ids.a1 ?? 0)).toMatchObject({
      tx_network: 'USDT-TRC20',
      tx_hash_norm: trc,
      tx_hash_duplicate_of: null,
    });
    for (const key of ['b1', 'a2', 'a3']) {
      expect(byId.get(ids[key] ?? 0), key).toMatchObject({ tx_hash_norm: trc, tx_hash_duplicate_of: ids.a1 });
    }
    expect(byId.get(ids.erc ?? 0)).toMatchObject({
      tx_network: 'USDT-ERC20',
      tx_hash_norm: normalizeTxHash('USDT-ERC20', LEGACY),
      tx_hash_duplicate_of: null,
    });
    expect(byId.get(ids.once ?? 0)).toMatchObject({ tx_hash_norm: OTHER, tx_hash_duplicate_of: null });
    expect(byId.get(ids.bank ?? 0)).toMatchObject({ tx_network: null, tx_hash_norm: null, tx_hash_duplicate_of: null });
  });

  it("the operator's queue shows who else named the transfer, with what outcome, and flags the duplicates", async () => {
    const pending = await operatorList(t, op, 'pending', LEGACY.slice(0, 40));
    const first = pending.find((d) => d.id === ids.a1);
    const dup = pending.find((d) => d.id === ids.b1);
    expect(first).toMatchObject({ tx_hash_normalized: LEGACY, tx_hash_duplicate_of: null });
    expect(first?.tx_hash_seen).toEqual([
      expect.objectContaining({ deposit_id: ids.b1, account: b.account, status: 'pending', duplicate: true }),
      expect.objectContaining({ deposit_id: ids.a2, account: a.account, status: 'rejected', duplicate: true }),
      expect.objectContaining({ deposit_id: ids.a3, account: a.account, status: 'pending', duplicate: true }),
    ]);
    expect(dup).toMatchObject({ tx_hash_duplicate_of: ids.a1 });
    expect(dup?.tx_hash_seen.map((s) => [s.deposit_id, s.account, s.status, s.duplicate])).toEqual([
      [ids.a1, a.account, 'pending', false],
      [ids.a2, a.account, 'rejected', true],
      [ids.a3, a.account, 'pending', true],
    ]);
    // The other network's deposit is another transfer.
    expect(pending.find((d) => d.id === ids.erc)).toMatchObject({
      tx_hash_normalized: `0x${LEGACY}`,
      tx_hash_seen: [],
    });
  });

  it('a flagged duplicate is never approved; the first is, once; a new submission of the hash is refused', async () => {
    const approve = (id: number | undefined) =>
      call(t.app, 'POST', API.adminRechargeApprove, { ...auth(op), body: { id } });
    const bBefore = await wallet(t.app, b.token);
    const refused = await approve(ids.b1);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('TX_HASH_USED');
    expect((await approve(ids.a1)).status).toBe(200);
    const afterCredit = await approve(ids.b1);
    expect(afterCredit.status).toBe(409);
    expect(afterCredit.body).toMatchObject({
      error: 'TX_HASH_CREDITED',
      msg: 'This transaction has already been credited to another deposit',
    });
    expect((await approve(ids.a3)).body.error).toBe('TX_HASH_CREDITED');
    expect(await wallet(t.app, b.token)).toEqual(bBefore);
    // Still pending: the operator rejects it, with a reason.
    const rej = await call(t.app, 'POST', API.adminRechargeReject, {
      ...auth(op),
      body: { id: ids.b1, reason: 'same transfer as an earlier deposit' },
    });
    expect(rej.status).toBe(200);
    expect(rej.body.data).toMatchObject({ tx_hash_duplicate_of: ids.a1, status: 'rejected' });
    const credited = (await operatorList(t, op, 'success', LEGACY.slice(0, 40))).find((d) => d.id === ids.a1);
    expect(credited?.tx_hash_seen.map((s) => s.status)).toEqual(['rejected', 'rejected', 'pending']);
    for (const variant of [LEGACY, LEGACY.toUpperCase(), `0x${LEGACY}`]) {
      expect((await submit(t, b.token, ch.trc, variant)).body.error).toBe('TX_HASH_USED');
    }
    // A hash named once before the migration is taken as well.
    expect((await submit(t, a.token, ch.trc, OTHER)).body.error).toBe('TX_HASH_USED');
  });
});
