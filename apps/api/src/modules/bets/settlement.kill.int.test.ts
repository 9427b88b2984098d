import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { operatorToken } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { CTX, bet, openAt, openPeriod, playItems, userIdOf } from '../../test/bets-helper.ts';
import { isListening, sleep, startServer } from '../../test/process-helper.ts';
import type { ServerProcess } from '../../test/process-helper.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';
import { tick } from '../draws/draws.service.ts';

// docs/trust.md 10 (and 9 across processes): a real server process is SIGKILLed while it settles a period of 100,000
// slips, then a new server and a settle-only worker process settle it at the same time. PostgreSQL only: it needs
// separate processes on one shared database (PGlite is in-process) and real concurrent transactions.
const onPostgres = Boolean(process.env.DATABASE_URL);
const PLAYERS = 20;
// The settlement is held at its payouts by a lock the test takes (below), so its size does not decide whether it is
// caught; a large period still shows that nothing of a big settlement survives the kill.
const SLIPS_PER_PLAYER = 5_000; // + 1 real slip each through the API = 100,020 slips
const STAKE = 100;
const WORKER = fileURLToPath(new URL('../../test/settle-worker.ts', import.meta.url));

let t: TestApp;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  if (onPostgres) t = await buildTestApp();
});
afterAll(async () => {
  for (const s of servers) await s.kill();
  if (onPostgres) await t.close();
});

describe('SIGKILL during settlement (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'a killed settlement leaves the period untouched; after restart every slip is settled exactly once',
    async () => {
      const db = t.app.db;
      // About an hour ago, so the period is long drawn when the servers start (they settle every 'drawn' period);
      // 5 s into a ten-minute slot, so df_pk10 (600 s cycle, sealed 60 s before its draw) has an open period then.
      const T = new Date(Math.floor(Date.now() / 600_000) * 600_000 - 3_600_000 + 5_000);
      await openAt(t.app, T);
      const op = await operatorToken(t.app);
      const pk = await openPeriod(t.app, 'df_pk10');
      // "Position 1 is car n", n = 1..10: exactly one of the ten wins whatever the result, so ~10% of slips pay.
      const plays = (await playItems(t.app, 'df_pk10')).slice(0, 10);
      expect(plays).toHaveLength(10);

      // Each player funds through the real deposit path and places one real slip through the API (so the slip,
      // item, stake transaction and accounts are exactly what placeBet stores); the bulk is then copied with
      // set-based SQL mirroring that shape — 100,000 HTTP bets would take minutes on 2 cores.
      const userIds: number[] = [];
      for (let i = 0; i < PLAYERS; i++) {
        const p = await registerPlayer(t.app);
        await fund(t.app, op, p.token, (SLIPS_PER_PLAYER + 1) * STAKE);
        const res = await bet(t.app, p.token, {
          games_id: pk.game_id,
          issue: pk.issue,
          items: [{ play_id: plays[i % 10]?.id, amount: STAKE }],
        });
        expect(res.status).toBe(200);
        userIds.push(await userIdOf(t.app, p.token));
      }
      const playIds = plays.map((p) => p.id);
      const maxTx = Number(
        (await sql<{ m: string }>`select coalesce(max(id), 0) as m from ledger_transactions`.execute(db)).rows[0]?.m,
      );
      await db.transaction().execute(async (trx) => {
        // As place_bet_slips writes a one-item slip: with its play's code and odds on the slip too.
        await sql`
          insert into bets (user_id, game_id, period_id, issue, wallet, total, code, odds_bps)
          select u.id, ${pk.game_id}, ${pk.id}, ${pk.issue}, 'cash', ${STAKE}, pi.code, pi.odds_bps
          from unnest(${userIds}::integer[]) as u(id) cross join generate_series(1, ${SLIPS_PER_PLAYER}) as g
          join play_items pi on pi.id = (${playIds}::integer[])[1 + g % 10]`.execute(trx);
        await sql`
          insert into bet_items (bet_id, play_item_id, code, group_code, odds_bps, amount)
          select b.id, pi.id, pi.code, pi.group_code, pi.odds_bps, b.total
          from bets b
          join play_items pi on pi.id = any(${playIds}::integer[]) and pi.code = b.code
          where b.period_id = ${pk.id} and not exists (select 1 from bet_items x where x.bet_id = b.id)`.execute(trx);
        await sql`
          insert into ledger_transactions (kind, reference, created_at)
          select 'stake', 'bet:' || b.id, ${T} from bets b
          where b.period_id = ${pk.id}
          on conflict (kind, reference) do nothing`.execute(trx);
        await sql`
          insert into ledger_postings (transaction_id, account_id, amount)
          select lt.id, a.id, case when a.kind = 'house' then b.total else -b.total end
          from bets b
          join ledger_transactions lt on lt.kind = 'stake' and lt.reference = 'bet:' || b.id
          join ledger_accounts a on a.kind = 'house' or (a.kind = 'player_cash' and a.user_id = b.user_id)
          where b.period_id = ${pk.id} and not exists (select 1 from ledger_postings x where x.transaction_id = lt.id)`.execute(
          trx,
        );
        // The cached balances move by exactly the postings just added.
        await sql`
          update ledger_accounts a set balance = a.balance + d.delta
          from (select p.account_id, sum(p.amount) as delta from ledger_postings p
                where p.transaction_id > ${maxTx} group by p.account_id) as d
          where a.id = d.account_id`.execute(trx);
      });
      const slipCount = Number(
        (await sql<{ n: string }>`select count(*) as n from bets where period_id = ${pk.id}`.execute(db)).rows[0]?.n,
      );
      expect(slipCount).toBe(PLAYERS * (SLIPS_PER_PLAYER + 1));
      expect((await ledgerCheck(db)).ok).toBe(true);
      await tick(db, pk.draw_at, CTX);

      const url = t.config.databaseUrl ?? '';
      const state = async () => {
        const { rows } = await sql<{ status: string; settled: string; payouts: string }>`
          select (select status from periods where id = ${pk.id}) as status,
                 (select count(*) from bet_results where period_id = ${pk.id} and status <> 'unsettled') as settled,
                 (select count(*) from ledger_transactions where kind = 'payout') as payouts`.execute(db);
        const r = rows[0];
        return { status: r?.status, settled: Number(r?.settled), payouts: Number(r?.payouts) };
      };
      // The settlement is caught mid-way, whatever the machine's speed: this test holds the house account's row
      // (FOR UPDATE, on a connection of its own), so server A's settlement, once it has written the period's slips,
      // waits for it at its payouts (the ledger locks the accounts it posts to). The settling transaction is the
      // backend that holds the lock of its slip update on `bets` and waits for a lock; it is killed while it waits.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query('begin');
      await holder.query(`select 1 from ledger_accounts where key = 'house' for update`);
      const waitingSettler = async (): Promise<number | undefined> => {
        const { rows } = await sql<{ pid: number }>`
          select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null
            and wait_event_type = 'Lock'
            and exists (select 1 from pg_locks l where l.pid = pg_stat_activity.pid and l.granted
                        and l.relation = 'bets'::regclass and l.mode = 'RowExclusiveLock')`.execute(db);
        return rows[0]?.pid;
      };

      const a = startServer('A', { DATABASE_URL: url });
      servers.push(a);
      let killed = false;
      try {
        await a.waitFor(isListening, 30_000);
        const started = Date.now();
        let settler: number | undefined;
        while (settler === undefined && Date.now() - started < 60_000) {
          settler = await waitingSettler();
          if (settler === undefined) await sleep(10);
        }
        expect(settler, `server A never settled: ${JSON.stringify(await state())}`).toBeDefined();
        await a.kill('SIGKILL');
        killed = true;
        console.log(
          `[settlement-kill] ${slipCount} slips; A SIGKILLed in its settlement, waiting at its payouts ` +
            `(${Date.now() - started} ms after listening)`,
        );
      } finally {
        // Let go: the dead client's backend goes on, finds no client to commit, and rolls back.
        await holder.query('rollback');
        await holder.end();
      }
      expect(killed).toBe(true);
      // PostgreSQL aborts the dead client's transaction; wait until its backends are gone.
      for (let i = 0; i < 100; i++) {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`.execute(db);
        if (Number(rows[0]?.n) === 0) break;
        await sleep(50);
      }
      // One transaction per period: nothing of the killed settlement is visible.
      expect(await state()).toEqual({ status: 'drawn', settled: 0, payouts: 0 });

      // Restart, and settle from a second process at the same moment (docs/trust.md 9 across processes).
      const restartAt = Date.now();
      const b = startServer('B', { DATABASE_URL: url });
      servers.push(b);
      const worker = promisify(execFile)(process.execPath, [WORKER], {
        env: { ...process.env, DATABASE_URL: url },
      });
      let s = await state();
      while (s.status !== 'settled' && Date.now() - restartAt < 60_000) {
        await sleep(100);
        s = await state();
      }
      const { stdout } = await worker;
      console.log(
        `[settlement-kill] settled ${Date.now() - restartAt} ms after restart; worker report ${stdout.trim()}; ` +
          `server B: ${b.lines.filter((l) => l.msg === 'settled drawn periods').length} settle log line(s)`,
      );
      expect(s.status).toBe('settled');
      await b.kill('SIGTERM');

      // Every slip settled exactly once: status decided, one payout posting per paying slip (its payout to the
      // player's cash account), none for losers.
      expect(s.settled).toBe(slipCount);
      const wrong = await sql<{ id: number }>`
        select b.id from bet_results b
        left join ledger_transactions lt on lt.kind = 'payout' and lt.reference = 'bet:' || b.id
        left join ledger_postings p on p.transaction_id = lt.id
        left join ledger_accounts a on a.id = p.account_id and a.kind = 'player_cash'
        where b.period_id = ${pk.id}
        group by b.id, b.payout, b.status
        having b.status not in ('won', 'lost')
            or count(distinct lt.id) <> case when b.payout > 0 then 1 else 0 end
            or coalesce(sum(p.amount) filter (where a.id is not null), 0) <> b.payout
        limit 5`.execute(db);
      expect(wrong.rows).toEqual([]);
      const payouts = Number(
        (
          await sql<{ n: string }>`
            select count(*) as n from ledger_transactions where kind = 'payout'`.execute(db)
        ).rows[0]?.n,
      );
      // Exactly one car is first: all slips on its play won, every other slip lost.
      const byCode = await sql<{ code: string; won: string; lost: string }>`
        select bi.code, count(*) filter (where bi.status = 'won') as won, count(*) filter (where bi.status = 'lost') as lost
        from bet_item_results bi join bets b on b.id = bi.bet_id where b.period_id = ${pk.id} group by bi.code`.execute(
        db,
      );
      expect(byCode.rows).toHaveLength(10);
      expect(byCode.rows.filter((r) => Number(r.won) > 0 && Number(r.lost) === 0)).toHaveLength(1);
      expect(byCode.rows.filter((r) => Number(r.won) === 0 && Number(r.lost) > 0)).toHaveLength(9);
      const winners = byCode.rows.reduce((n, r) => n + Number(r.won), 0);
      expect(payouts).toBe(winners);
      console.log(`[settlement-kill] ${winners} winning slips, ${payouts} payout postings`);
      expect((await ledgerCheck(db)).ok).toBe(true);
    },
    120_000,
  );
});
