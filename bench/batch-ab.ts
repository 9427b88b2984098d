/**
 * `npm run bench:batch -- <a.sql> <b.sql> [<c.sql> …]`: what a bet batch costs the database, the SQL function
 * place_bet_slips called directly (no API, no load generator), under two or more versions of the SQL, alternated on
 * one database so that each is measured against the first in the same run and on the same tables.
 *
 * Each file is SQL run before its turn: a text of db/functions/place_bet_slips.sql, or DDL (an index dropped or made),
 * or both. The first is the reference, for example the function as a commit left it:
 *
 *   git show HEAD~1:apps/api/src/db/functions/place_bet_slips.sql > before.sql
 *   npm run bench:batch -- before.sql apps/api/src/db/functions/place_bet_slips.sql
 *
 * The API (apps/api/src/server.ts) migrates and seeds a fresh database fd_bench_<random> and makes BENCH_PLAYERS
 * (200) guests, then stops. Batches of BENCH_SIZES slips (1, 16, 64) each, every slip one item at the minimum stake
 * with its own idempotency key and an answer text like the API's (about 520 bytes), its ids drawn ahead as the API
 * draws them, are placed for about BENCH_SLIPS (4,096) slips per size and version, after a warm-up of 20 batches;
 * BENCH_ROUNDS (3) rounds alternate the versions. Read: the CPU time of the database session that placed them
 * (its own /proc entry: not the server's other processes, whose work — autovacuum, checkpoints — comes and goes),
 * per slip and per batch, and each version's ratio to the first in the same round; the last lines give the medians
 * over the rounds. A machine whose speed moves between minutes moves the rounds alike: read the ratios.
 *
 * BENCH_PLANS=1 also prints, in the first round, every statement one batch of each size runs (nested ones and the
 * foreign keys' checks included) with its plan: which table each reaches by an index, and which it scans.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createScratchDatabase, startApi } from './pg.ts';

const files = process.argv.slice(2);
if (files.length < 2) {
  console.error('usage: npm run bench:batch -- <reference.sql> <other.sql> [more.sql …]');
  process.exit(2);
}
const texts = files.map((f) => readFileSync(f, 'utf8'));
const players = Number(process.env.BENCH_PLAYERS ?? 200);
const sizes = (process.env.BENCH_SIZES ?? '1,16,64').split(',').map(Number);
const slipsPerRun = Number(process.env.BENCH_SLIPS ?? 4096);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const plans = process.env.BENCH_PLANS === '1';
/** A slip's answer text as the API stores it with the key (the contract's betSlip in its envelope): about 520 bytes. */
function answerText(id: number, itemId: number, issue: string, gameId: number, at: number): string {
  const data = {
    id,
    games_id: gameId,
    game_code: 'bench_game',
    game_name: 'Bench game',
    issue,
    wallet: 'demo',
    total: 100,
    status: 'pending',
    payout: null,
    result: null,
    draw_at: at + 3_600_000,
    seal_at: at + 3_540_000,
    cancellable: true,
    created_at: at,
    settled_at: null,
    items: [{ id: itemId, play_id: 17, code: 'special.num.1', name: 'Special number 1', group: 'special' }].map(
      (i) => ({ ...i, numbers: null, odds: 41.8, odds_bps: 418_000, amount: 100, status: 'pending', payout: null }),
    ),
  };
  return JSON.stringify({ code: 200, msg: 'success', data });
}

/** CPU time (ms) of one process, from /proc/<pid>/stat (utime + stime, in 10 ms ticks). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) * 10;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const db = await createScratchDatabase();
const api = await startApi(db.url, { GAME_CYCLE_OVERRIDE_SECONDS: '3600', AUTH_RATE_LIMIT_MAX: '10000000' });
const client = new pg.Client({ connectionString: db.url });
let failed = false;
try {
  await client.connect();
  for (let made = 0; made < players; made += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, players - made) }, async () => {
        const res = await fetch(`${api.url}/api/user/guest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        if (!res.ok) throw new Error(`guest: ${res.status}`);
      }),
    );
  }
  const users = (
    await client.query<{ user_id: number }>(
      `select user_id from ledger_accounts where kind = 'player_demo' order by user_id`,
    )
  ).rows.map((r) => r.user_id);
  // A period open long enough for the whole run (a few minutes): the override makes each last an hour, all games
  // drawing at the same instants, so near a draw the run waits for the next periods, which open after it.
  let period: { id: number; issue: string; game_id: number } | undefined;
  const giveUp = Date.now() + 65 * 60_000;
  for (let tries = 0; !period; tries++) {
    if (Date.now() > giveUp) throw new Error('no period open for the next 6 minutes within an hour');
    if (tries === 1) console.log('waiting for a period open for the next 6 minutes (the next draw)…');
    period = (
      await client.query<{ id: number; issue: string; game_id: number }>(
        `select id, issue, game_id from periods where status = 'open' and seal_at > now() + interval '6 minutes'
          order by seal_at desc limit 1`,
      )
    ).rows[0];
    if (!period) await new Promise((r) => setTimeout(r, 1000));
  }
  const play = (
    await client.query<{ id: number; code: string; group_code: string; odds_bps: number; min_stake: string }>(
      `select id, code, group_code, odds_bps, min_stake from play_items
        where game_id = $1 and enabled and group_code <> 'all-in' order by sort, id limit 1`,
      [period.game_id],
    )
  ).rows[0];
  if (!play) throw new Error('no play item');
  await api.stop();
  const stake = Number(play.min_stake);
  if (plans) client.on('notice', (n) => console.log(n.message));
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
  console.log(`${users.length} players, period ${period.issue}, play ${play.code}; files: ${files.join(', ')}`);

  let next = 0;
  const place = async (n: number) => {
    const ids = (
      await client.query<{ slips: number[]; items: number[] }>(
        `select array(select nextval(pg_get_serial_sequence('bets', 'id'))::int from generate_series(1, $1)) as slips,
                array(select nextval(pg_get_serial_sequence('bet_items', 'id'))::int from generate_series(1, $1)) as items`,
        [n],
      )
    ).rows[0];
    const us = Array.from({ length: n }, (_, i) => users[(next + i) % users.length] ?? 0);
    const p = period;
    const { rows } = await client.query<{ r_outcome: string }>(
      `select r_outcome from place_bet_slips(now(), 100000000, 'stake', '{}'::jsonb,
         now() - interval '1 day', now() - interval '7 days', now() - interval '30 days',
         $1::int[], $2::text[], $3::int[], $4::int[], $5::text[], $6::bigint[], $7::text[], $8::text[], $9::text[],
         $10::text[], $11::text[], $12::int[], $13::int[], $14::text[], $15::text[], $16::text[], $17::int[],
         $18::bigint[], $19::int[], $20::int[], $21::text[])`,
      [
        us,
        us.map(() => 'demo'),
        us.map(() => p.game_id),
        us.map(() => p.id),
        us.map(() => p.issue),
        us.map(() => stake),
        us.map((u) => `player_demo:${u}`),
        us.map(() => 'demo_source'),
        us.map(() => 'demo_source'),
        us.map(() => `batch-ab-${next++}`),
        us.map(() => 'hash'),
        us.map((_, i) => i + 1),
        us.map(() => play.id),
        us.map(() => play.code),
        us.map(() => play.group_code),
        us.map(() => null),
        us.map(() => play.odds_bps),
        us.map(() => stake),
        ids?.slips,
        ids?.items,
        us.map((_, i) => answerText(ids?.slips[i] ?? 0, ids?.items[i] ?? 0, p.issue, p.game_id, Date.now())),
      ],
    );
    const refused = rows.find((r) => r.r_outcome !== 'ok');
    if (refused) throw new Error(`a slip was refused: ${refused.r_outcome}`);
  };

  // cpu[size][file] = µs per slip, one per round
  const cpu = new Map<number, number[][]>(sizes.map((n) => [n, texts.map(() => [])]));
  for (let round = 1; round <= rounds; round++) {
    for (const [t, text] of texts.entries()) {
      await client.query(text);
      await client.query('checkpoint');
      for (const n of sizes) {
        for (let w = 0; w < 20; w++) await place(n);
        if (plans && round === 1) {
          // One batch's statements, nested ones included, each with its plan (auto_explain, as NOTICE messages).
          await client.query(
            `load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on;
             set auto_explain.log_level = notice`,
          );
          await place(n);
          await client.query('set auto_explain.log_min_duration = -1');
        }
        const batches = Math.max(1, Math.round(slipsPerRun / n));
        const before = processCpuMs(pid);
        for (let b = 0; b < batches; b++) await place(n);
        const perSlip = ((processCpuMs(pid) - before) * 1000) / (batches * n);
        cpu.get(n)?.[t]?.push(perSlip);
        const ref = cpu.get(n)?.[0]?.[round - 1] ?? perSlip;
        console.log(
          `round ${round}  ${files[t]}  ${n} a batch: ${perSlip.toFixed(1)} µs a slip, ` +
            `${((perSlip * n) / 1000).toFixed(2)} ms a batch  ratio ${(perSlip / ref).toFixed(3)}`,
        );
      }
    }
  }
  for (const n of sizes) {
    const per = cpu.get(n) ?? [];
    const ref = median(per[0] ?? []);
    for (const [t, xs] of per.entries()) {
      console.log(
        `median  ${files[t]}  ${n} a batch: ${median(xs).toFixed(1)} µs a slip  ratio ${(median(xs) / ref).toFixed(3)}`,
      );
    }
  }
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await client.end().catch(() => {});
  await api.stop();
  await db.drop();
}
if (failed) process.exitCode = 1;
