/**
 * Shared by the benchmarks that fill a scratch database with set-based SQL (bench/report.ts, bench/settle.ts): the
 * funded players and the cached balances, written the way the API's ledger would have written them.
 */
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/database.ts';

const q = (db: Db, text: string) => sql.raw(text).execute(db);

/**
 * `players` players ('bench<n>', listed with their 0-based index in table bench_players), the house accounts, and
 * per player a player_cash account funded with `funding` minor units by one 'deposit' transaction (deposits_clearing
 * → player_cash, reference 'bench-deposit:<user id>'), dated `depositsDaysAgo` days back (default: now).
 */
export async function insertFundedPlayers(
  db: Db,
  players: number,
  funding: number,
  opts: { depositsDaysAgo?: number } = {},
): Promise<void> {
  await q(
    db,
    `
    insert into users (account, nickname, avatar, role, created_at)
    select 'bench' || g, 'Bench ' || g, '/art/avatars/1.svg', 'player', now() from generate_series(1, ${players}) g`,
  );
  await q(
    db,
    `
    create table bench_players as
    select id, (row_number() over (order by id) - 1)::int as idx from users where account like 'bench%'`,
  );
  await q(db, 'create unique index on bench_players (idx)');
  await q(
    db,
    `
    insert into ledger_accounts (key, kind, user_id)
    values ('deposits_clearing', 'deposits_clearing', null), ('house', 'house', null)
    on conflict (key) do nothing`,
  );
  await q(
    db,
    `
    insert into ledger_accounts (key, kind, user_id)
    select 'player_cash:' || id, 'player_cash', id from bench_players on conflict (key) do nothing`,
  );
  if (opts.depositsDaysAgo === undefined) {
    await q(
      db,
      `insert into ledger_transactions (kind, reference, created_at)
       select 'deposit', 'bench-deposit:' || id, now() from bench_players`,
    );
  } else {
    await q(
      db,
      `
    insert into ledger_transactions (kind, reference, created_at)
    select 'deposit', 'bench-deposit:' || id, now() - interval '${opts.depositsDaysAgo} days' from bench_players`,
    );
  }
  await q(
    db,
    `
    insert into ledger_postings (transaction_id, account_id, amount)
    select t.id, x.account_id, x.amount
    from bench_players p
    join ledger_transactions t on t.kind = 'deposit' and t.reference = 'bench-deposit:' || p.id
    join ledger_accounts pa on pa.key = 'player_cash:' || p.id
    cross join lateral (values (pa.id, ${funding}::bigint),
      ((select id from ledger_accounts where key = 'deposits_clearing'), -${funding}::bigint)) as x(account_id, amount)`,
  );
}

/** Sets every account's cached balance from its postings (what the ledger keeps up to date as it posts). */
export async function syncBalances(db: Db): Promise<void> {
  await q(
    db,
    `
    update ledger_accounts a set balance = s.sum
    from (select account_id, sum(amount) as sum from ledger_postings group by account_id) s
    where a.id = s.account_id and a.balance <> s.sum`,
  );
}
