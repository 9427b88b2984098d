import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { API } from '@fairdraw/contract';
import type { TestApp } from '../../test/helper.ts';
import { bankFields, channels } from '../../test/money-helper.ts';
import { FUND_PASSWORD, readyPlayer } from '../../test/withdraw-helper.ts';
import { onPostgres, raceAppAtForFile, openPeriod, playItems, userIdOf } from '../../test/bets-helper.ts';
import { getBalances, ledgerCheck } from '../ledger/ledger.service.ts';

// A freeze racing a player's bets, deposits, withdrawals, rebate claims and payout-method changes, on real PostgreSQL
// over real HTTP (PGlite runs one transaction at a time, so nothing could overlap there). The freeze and each of these
// lock the player's row, so they are ordered: every call is either committed before the freeze or refused ACCOUNT_FROZEN, and once the freeze has
// answered, none is accepted.
// Ahead of the wall clock, 20 s into a minute: the one-minute games' periods are open, far from their seal.
const T = new Date(Math.floor((Date.now() + 86_400_000) / 60_000) * 60_000 + 20_000);

let t: TestApp;
let op: string;
let base: string;
raceAppAtForFile(T, (s) => ({ t, op, base } = s));

async function post(token: string, url: string, body: unknown) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, lang: 'en' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { error?: string };
  return { status: res.status, error: json.error, at: performance.now() };
}

describe('freeze against parallel bets and deposits (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    '60 bets and 20 deposits around a freeze: each accepted or ACCOUNT_FROZEN, none accepted after it, money exact',
    async () => {
      const p = await readyPlayer(t.app, op, 100_000);
      const id = await userIdOf(t.app, p.token);
      const k3 = await openPeriod(t.app, 'df_k3');
      const play = (await playItems(t.app, 'df_k3'))[0]?.id;
      const betBody = { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 1_000 }] };
      const bank = (await channels(t.app)).bank;
      const depositBody = { channel_id: bank, amount: 20_000, ...bankFields };
      const calls: Promise<{ status: number; error: string | undefined; at: number; kind: string }>[] = [];
      let freezeDone = Infinity;
      for (let i = 0; i < 80; i++) {
        if (i === 30) {
          void post(op, API.adminPlayersFreeze, { id, reason: 'race' }).then((r) => {
            expect(r.status).toBe(200);
            freezeDone = r.at;
          });
        }
        const kind = i % 4 === 3 ? 'deposit' : 'bet';
        calls.push(
          post(p.token, kind === 'bet' ? API.bet : API.rechargeSubmit, kind === 'bet' ? betBody : depositBody).then(
            (r) => ({ ...r, kind }),
          ),
        );
      }
      const answers = await Promise.all(calls);
      await new Promise((r) => setTimeout(r, 50));
      expect(Number.isFinite(freezeDone)).toBe(true);
      for (const a of answers) expect([200, 403], JSON.stringify(a)).toContain(a.status);
      expect(answers.filter((a) => a.status === 403).every((a) => a.error === 'ACCOUNT_FROZEN')).toBe(true);
      expect(answers.some((a) => a.status === 403)).toBe(true);

      // What the database holds agrees with the answers: one slip per accepted bet, one deposit per accepted one.
      const accepted = answers.filter((a) => a.status === 200);
      const bets = accepted.filter((a) => a.kind === 'bet').length;
      const slips = await t.app.db
        .selectFrom('bets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(slips.n)).toBe(bets);
      const deposits = await t.app.db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      expect(Number(deposits.n)).toBe(accepted.filter((a) => a.kind === 'deposit').length);
      expect((await getBalances(t.app.db, id)).cash).toBe(100_000 - bets * 1_000);

      // After the freeze has answered, nothing more is accepted.
      const late = await Promise.all(Array.from({ length: 10 }, () => post(p.token, API.bet, betBody)));
      expect(late.every((a) => a.error === 'ACCOUNT_FROZEN')).toBe(true);
      expect((await ledgerCheck(t.app.db)).ok).toBe(true);
    },
    60_000,
  );

  it.skipIf(!onPostgres)(
    'a bet and a deposit that meet an uncommitted freeze wait for it, then are refused (ACCOUNT_FROZEN)',
    async () => {
      const p = await readyPlayer(t.app, op, 50_000);
      const id = await userIdOf(t.app, p.token);
      const k3 = await openPeriod(t.app, 'df_k3');
      const play = (await playItems(t.app, 'df_k3'))[0]?.id;
      const betBody = { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 1_000 }] };
      const depositBody = { channel_id: (await channels(t.app)).bank, amount: 20_000, ...bankFields };
      // A freeze in flight: the row updated, not yet committed (the session still says "not frozen").
      const client = new pg.Client({ connectionString: t.config.databaseUrl });
      await client.connect();
      try {
        await client.query('begin');
        await client.query(`update users set frozen_at = now(), frozen_reason = 'race' where id = $1`, [id]);
        let answered = false;
        const pending = Promise.all([post(p.token, API.bet, betBody), post(p.token, API.rechargeSubmit, depositBody)]);
        void pending.then(() => {
          answered = true;
        });
        await new Promise((r) => setTimeout(r, 400));
        expect(answered).toBe(false);
        await client.query('commit');
        const [b, d] = await pending;
        expect([b.status, b.error]).toEqual([403, 'ACCOUNT_FROZEN']);
        expect([d.status, d.error]).toEqual([403, 'ACCOUNT_FROZEN']);
        expect((await getBalances(t.app.db, id)).cash).toBe(50_000);
      } finally {
        await client.end();
      }
    },
    30_000,
  );

  it.skipIf(!onPostgres)(
    'a withdrawal, a rebate claim, a payout bind and an unbind that meet an uncommitted freeze wait for it, then are refused',
    async () => {
      const p = await readyPlayer(t.app, op, 50_000);
      const id = await userIdOf(t.app, p.token);
      await t.app.db
        .insertInto('bonus_rebate_days')
        .values({ day: '2020-02-01', computed_at: T, players: 1, total: 900 })
        .execute();
      await t.app.db
        .insertInto('bonus_rebates')
        .values({
          user_id: id,
          day: '2020-02-01',
          turnover: 90_000,
          amount: 900,
          requirement: 0,
          lines: '[]',
          created_at: T,
        })
        .execute();
      const before = await getBalances(t.app.db, id);
      const client = new pg.Client({ connectionString: t.config.databaseUrl });
      await client.connect();
      try {
        await client.query('begin');
        await client.query(`update users set frozen_at = now(), frozen_reason = 'race' where id = $1`, [id]);
        let answered = 0;
        const calls = [
          post(p.token, API.withdrawSubmit, { amount: 10_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD }),
          post(p.token, API.bonusClaim, {}),
          post(p.token, API.payoutAdd, { type: 'pix', password: p.password, key: 'race@example.com' }),
          post(p.token, API.payoutDelete, { id: p.payoutId }),
        ].map((c) =>
          c.then((r) => {
            answered += 1;
            return r;
          }),
        );
        await new Promise((r) => setTimeout(r, 600));
        expect(answered).toBe(0);
        await client.query('commit');
        const answers = await Promise.all(calls);
        expect(answers.map((a) => [a.status, a.error])).toEqual(answers.map(() => [403, 'ACCOUNT_FROZEN']));
        expect(await getBalances(t.app.db, id)).toEqual(before);
        const methods = await t.app.db
          .selectFrom('payout_methods')
          .select(['id', 'deleted_at'])
          .where('user_id', '=', id)
          .execute();
        expect(methods).toEqual([{ id: p.payoutId, deleted_at: null }]);
        const rebate = await t.app.db
          .selectFrom('bonus_rebates')
          .select('claimed_at')
          .where('user_id', '=', id)
          .executeTakeFirstOrThrow();
        expect(rebate.claimed_at).toBeNull();
      } finally {
        await client.end();
      }
    },
    30_000,
  );
});
