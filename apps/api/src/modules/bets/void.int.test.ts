import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, count, guestToken, operatorToken } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { bet, openAt, openPeriod, playItems, userIdOf } from '../../test/bets-helper.ts';
import { getBalances, ledgerCheck } from '../ledger/ledger.service.ts';

// Voiding a busy period (docs/trust.md 8): 100,000 slips, more than PostgreSQL's 65,535 bind parameters, are voided by
// period in set-based SQL — each refunded exactly once ('refund' / 'bet-refund:<slipId>'), every wallet (cash and
// demo) back where it was before its stakes, the ledger clean; a second void is 409 ALREADY_DECIDED and posts
// nothing. PostgreSQL only: the size is the point (the small void test is in bets.int.test.ts, on both engines).
const onPostgres = Boolean(process.env.DATABASE_URL);
const CASH_PLAYERS = 18;
const GUESTS = 2;
const SLIPS_EACH = 5_000; // 1 through the API + 4,999 copied in SQL; × 20 bettors = 100,000 slips
const STAKE = 100;

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await buildTestApp();
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

describe('void of a period of 100,000 slips (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'refunds every slip once, restores every wallet, keeps the ledger clean; a second void posts nothing',
    async () => {
      const db = t.app.db;
      // 5 s into a ten-minute slot: df_pk10 (600 s cycle) has a period open at the app's clock.
      await openAt(t.app, new Date(Math.floor(Date.now() / 600_000) * 600_000 + 5_000));
      const op = await operatorToken(t.app);
      const pk = await openPeriod(t.app, 'df_pk10');
      const plays = (await playItems(t.app, 'df_pk10')).slice(0, 10);

      // Each bettor places one real slip through the API (so slip, item, stake transaction and accounts are what
      // placeBet stores, demo wallets included); the bulk copies that shape in set-based SQL.
      const bettors: { id: number; wallet: 'cash' | 'demo'; before: number }[] = [];
      for (let i = 0; i < CASH_PLAYERS + GUESTS; i++) {
        const cash = i < CASH_PLAYERS;
        let token: string;
        if (cash) {
          token = (await registerPlayer(t.app)).token;
          await fund(t.app, op, token, SLIPS_EACH * STAKE);
        } else {
          token = await guestToken(t.app);
        }
        const id = await userIdOf(t.app, token);
        const b = await getBalances(db, id);
        bettors.push({ id, wallet: cash ? 'cash' : 'demo', before: cash ? b.cash : b.demo });
        const res = await bet(t.app, token, {
          games_id: pk.game_id,
          issue: pk.issue,
          items: [{ play_id: plays[i % plays.length]?.id, amount: STAKE }],
        });
        expect(res.status, res.text).toBe(200);
      }
      const ids = bettors.map((b) => b.id);
      const maxTx = Number(
        (await sql<{ m: string }>`select coalesce(max(id), 0) as m from ledger_transactions`.execute(db)).rows[0]?.m,
      );
      const seeded = performance.now();
      await db.transaction().execute(async (trx) => {
        await sql`
          insert into bets (user_id, game_id, period_id, issue, wallet, total)
          select b.user_id, b.game_id, b.period_id, b.issue, b.wallet, b.total
          from bets b cross join generate_series(2, ${SLIPS_EACH})
          where b.period_id = ${pk.id} and b.user_id = any(${ids}::integer[])`.execute(trx);
        // Each bettor's real slip (the first of the period) is the model of its copies.
        await sql`
          create temp table void_models on commit drop as
          select user_id, min(id) as id from bets where period_id = ${pk.id} group by user_id`.execute(trx);
        await sql`
          insert into bet_items (bet_id, play_item_id, code, group_code, odds_bps, amount)
          select b.id, m.play_item_id, m.code, m.group_code, m.odds_bps, m.amount
          from bets b
          join void_models f on f.user_id = b.user_id
          join bet_items m on m.bet_id = f.id
          where b.period_id = ${pk.id} and b.id <> f.id`.execute(trx);
        await sql`
          insert into ledger_transactions (kind, reference, created_at)
          select 'stake', 'bet:' || b.id, ${t.app.clock()} from bets b where b.period_id = ${pk.id}
          on conflict (kind, reference) do nothing`.execute(trx);
        // Each copy posts what its bettor's real stake posted: the same accounts, the same amounts.
        await sql`
          insert into ledger_postings (transaction_id, account_id, amount)
          select lt.id, p.account_id, p.amount
          from bets b
          join void_models f on f.user_id = b.user_id
          join ledger_transactions ft on ft.kind = 'stake' and ft.reference = 'bet:' || f.id
          join ledger_postings p on p.transaction_id = ft.id
          join ledger_transactions lt on lt.kind = 'stake' and lt.reference = 'bet:' || b.id
          where b.period_id = ${pk.id} and b.id <> f.id`.execute(trx);
        await sql`
          update ledger_accounts a set balance = a.balance + d.delta
          from (select p.account_id, sum(p.amount) as delta from ledger_postings p
                where p.transaction_id > ${maxTx} group by p.account_id) as d
          where a.id = d.account_id`.execute(trx);
      });
      await sql`analyze bets; analyze bet_items; analyze ledger_transactions; analyze ledger_accounts`.execute(db);
      const slips = await count(t.app, 'bets');
      expect(slips).toBe((CASH_PLAYERS + GUESTS) * SLIPS_EACH);
      for (const b of bettors) {
        const now = await getBalances(db, b.id);
        expect(b.wallet === 'cash' ? now.cash : now.demo).toBe(b.before - SLIPS_EACH * STAKE);
      }
      expect((await ledgerCheck(db)).ok).toBe(true);
      console.log(`[void] seeded ${slips} slips in ${Math.round(performance.now() - seeded)} ms`);

      const voidCall = (reason: string) =>
        call(t.app, 'POST', API.adminPeriodVoid, {
          ...auth(op),
          body: { games_id: pk.game_id, issue: pk.issue, reason },
        });
      const transactions = await count(t.app, 'ledger_transactions');
      const audits = await count(t.app, 'audit_log');
      const started = performance.now();
      const res = await voidCall('feed outage');
      const ms = Math.round(performance.now() - started);
      console.log(`[void] voided a period of ${slips} slips in ${ms} ms`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'void', void_reason: 'feed outage', refunded: slips });
      expect(await count(t.app, 'ledger_transactions')).toBe(transactions + slips);
      expect(await count(t.app, 'audit_log')).toBe(audits + 1);

      // Each slip: void, paid back its stake, one refund transaction whose one credit is exactly that, to its
      // bettor's wallet (hash joins over the period; statistics first, 100,000 transactions were just added).
      await sql`analyze bets; analyze ledger_transactions; analyze ledger_postings`.execute(db);
      // Counted, not LIMITed: a LIMIT makes the planner hope for an early row and loop over the whole period.
      const wrong = await sql<{ n: number; ids: number[] | null }>`
        with r as (
          select lt.reference, count(*) as n from ledger_transactions lt where lt.kind = 'refund' group by lt.reference
        ), c as (
          select lt.reference, p.amount, a.user_id, a.kind
          from ledger_transactions lt
          join ledger_postings p on p.transaction_id = lt.id and p.amount > 0
          join ledger_accounts a on a.id = p.account_id
          where lt.kind = 'refund'
        )
        select count(*)::int as n, (array_agg(b.id order by b.id))[1:5] as ids from bets b
        left join r on r.reference = 'bet-refund:' || b.id
        left join c on c.reference = 'bet-refund:' || b.id
        where b.period_id = ${pk.id}
          and (b.status <> 'void' or b.payout <> b.total or r.n is distinct from 1 or c.amount is distinct from b.total
               or c.user_id is distinct from b.user_id
               or c.kind is distinct from (case b.wallet when 'cash' then 'player_cash' else 'player_demo' end))`.execute(
        db,
      );
      expect(wrong.rows[0]).toEqual({ n: 0, ids: null });
      const items = await sql<{ n: number }>`
        select count(*)::int as n from bet_items bi join bets b on b.id = bi.bet_id
        where b.period_id = ${pk.id} and (bi.status <> 'void' or bi.payout <> bi.amount)`.execute(db);
      expect(items.rows[0]?.n).toBe(0);
      for (const b of bettors) {
        const now = await getBalances(db, b.id);
        expect(b.wallet === 'cash' ? now.cash : now.demo).toBe(b.before);
      }
      expect(await ledgerCheck(db)).toMatchObject({ ok: true, unbalanced: [], mismatches: [] });

      const again = await voidCall('again');
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('ALREADY_DECIDED');
      expect(await count(t.app, 'ledger_transactions')).toBe(transactions + slips);
      expect(await count(t.app, 'audit_log')).toBe(audits + 1);
    },
    300_000,
  );
});
