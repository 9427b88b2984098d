/**
 * What `npm run cluster:chaos` checks after each fault, read from the primary as the hosts' role: periods drawn once
 * and none skipped, every accepted slip settled exactly once (one stake posting, one payout posting when it pays,
 * none otherwise), no slip the bettors were not told of, the ledger check (`npm run ledger:check`), and who holds the
 * scheduler's advisory lock. And, from the counts of the readers (readers.ts) and of the bettors' reads of their own
 * bet list: every read answered (readFailures), each draw in the history soon after it (historyFailures).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { root, type Topology } from '../cluster/topology.ts';
import type { Slip } from './bettors.ts';
import type { ReadCounts } from './reads.ts';

const run = promisify(execFile);

export class Checks {
  private readonly pool: pg.Pool;
  private readonly url: string;
  constructor(url: string) {
    this.url = url;
    this.pool = new pg.Pool({ connectionString: url, max: 2 });
  }

  private async rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(text, values)).rows as T[];
  }

  async close() {
    await this.pool.end();
  }

  /** The game, its cheapest enabled play (not all-in) and its cycle. */
  async game(code: string) {
    const [row] = await this.rows<{ id: number; play_id: number; play_code: string; stake: string; cycle: number }>(
      `select g.id, p.id as play_id, p.code as play_code, p.min_stake as stake, s.cycle_seconds as cycle
       from games g join play_items p on p.game_id = g.id and p.enabled and p.group_code <> 'all-in'
       join game_schedules s on s.game_id = g.id
       where g.code = $1 order by p.sort, p.id limit 1`,
      [code],
    );
    if (!row) throw new Error(`no game ${code}`);
    return {
      id: row.id,
      playId: row.play_id,
      playCode: row.play_code,
      stake: Number(row.stake),
      cycleMs: row.cycle * 1000,
    };
  }

  /** The draw time (epoch ms) of the game's next period. */
  async nextDraw(gameId: number): Promise<number> {
    const [row] = await this.rows<{ draw_at: Date }>(
      `select draw_at from periods where game_id = $1 and draw_at > now() order by draw_at limit 1`,
      [gameId],
    );
    if (!row) throw new Error('no period ahead');
    return row.draw_at.getTime();
  }

  async issueAt(gameId: number, drawAt: number): Promise<string> {
    const [row] = await this.rows<{ issue: string }>(`select issue from periods where game_id = $1 and draw_at = $2`, [
      gameId,
      new Date(drawAt),
    ]);
    if (!row) throw new Error(`no period drawn at ${new Date(drawAt).toISOString()}`);
    return row.issue;
  }

  /** The host whose connection holds the scheduler's advisory lock (application_name fairdraw-scheduler). */
  async schedulerLeader(t: Topology): Promise<string | undefined> {
    const [row] = await this.rows<{ addr: string }>(
      `select host(a.client_addr) as addr from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.granted and a.application_name = 'fairdraw-scheduler' limit 1`,
    );
    return t.hosts.find((h) => h.address === row?.addr)?.name;
  }

  async waitSettled(gameId: number, issue: string, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [row] = await this.rows<{ status: string }>(
        `select status from periods where game_id = $1 and issue = $2`,
        [gameId, issue],
      );
      if (row?.status === 'settled') return true;
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  }

  /** How long after its draw time the period was drawn (ms). */
  async drawLateMs(gameId: number, issue: string): Promise<number> {
    const [row] = await this.rows<{ ms: number }>(
      `select extract(epoch from drawn_at - draw_at) * 1000 as ms from periods where game_id = $1 and issue = $2`,
      [gameId, issue],
    );
    return Number(row?.ms ?? NaN);
  }

  /** The accepted slips on periods up to `issue` (drawn by now). */
  slipsOfIssues(slips: Slip[], issue: string): Slip[] {
    return slips.filter((s) => s.id !== null && s.issue <= issue);
  }

  /**
   * Each accepted slip: settled (won, lost or push), one `stake` transaction and, when it pays, one `payout` (none
   * when it does not). Answers how many are so and what is not.
   */
  async settlement(slips: Slip[]): Promise<{ settledOnce: number; failures: string[] }> {
    const ids = slips.flatMap((s) => (s.id === null ? [] : [s.id]));
    if (ids.length === 0) return { settledOnce: 0, failures: [] };
    const rows = await this.rows<{
      id: number;
      status: string;
      payout: string | null;
      stakes: number;
      payouts: number;
    }>(
      `select b.id, b.status, b.payout,
         (select count(*)::int from ledger_transactions t where t.kind = 'stake' and t.reference = 'bet:' || b.id) as stakes,
         (select count(*)::int from ledger_transactions t where t.kind = 'payout' and t.reference = 'bet:' || b.id) as payouts
       from bet_results b where b.id = any($1::int[])`,
      [ids],
    );
    const failures: string[] = [];
    if (rows.length !== new Set(ids).size)
      failures.push(`${new Set(ids).size - rows.length} accepted slips not in the database`);
    const wrong = rows.filter(
      (r) =>
        !['won', 'lost', 'push'].includes(r.status) ||
        r.stakes !== 1 ||
        r.payouts !== (Number(r.payout ?? 0) > 0 ? 1 : 0),
    );
    if (wrong.length > 0) {
      const w = wrong[0]!;
      failures.push(
        `${wrong.length} slips not settled exactly once (slip ${w.id}: ${w.status}, ${w.stakes} stakes, ` +
          `${w.payouts} payouts, payout ${w.payout})`,
      );
    }
    return { settledOnce: rows.length - wrong.length, failures };
  }

  /** Slips placed since the run started that no answer named: a slip made behind a request the client gave up on. */
  async strays(since: Date, slips: Slip[]): Promise<string[]> {
    const ids = slips.flatMap((s) => (s.id === null ? [] : [s.id]));
    const [row] = await this.rows<{ n: number; one: number | null }>(
      `select count(*)::int as n, min(id) as one from bets where created_at >= $1 and not (id = any($2::int[]))`,
      [since, ids],
    );
    return row && row.n > 0 ? [`${row.n} slips in the database that no answer named (slip ${row.one})`] : [];
  }

  /**
   * The cycle games' periods whose draw time is since `since` and 3 s past: each drawn (a result, status drawn or
   * settled, never void), and none skipped (consecutive draws one cycle apart; a shorter step is the day's restart).
   */
  async periods(since: Date): Promise<{ failures: string[] }> {
    const failures: string[] = [];
    const undrawn = await this.rows<{ code: string; issue: string; status: string }>(
      `select g.code, p.issue, p.status from periods p join games g on g.id = p.game_id
       where p.draw_at >= $1 and p.draw_at < now() - interval '3 seconds'
         and (p.status not in ('drawn', 'settled') or p.result is null or p.drawn_at is null)
       order by p.draw_at limit 5`,
      [since],
    );
    for (const u of undrawn) failures.push(`period ${u.code} ${u.issue} is ${u.status} after its draw time`);
    const gaps = await this.rows<{ code: string; issue: string; gap: number; cycle: number }>(
      `select code, issue, gap, cycle from (
         select g.code, p.issue, s.cycle_seconds as cycle,
           extract(epoch from p.draw_at - lag(p.draw_at) over (partition by p.game_id order by p.draw_at))::int as gap
         from periods p join games g on g.id = p.game_id join game_schedules s on s.game_id = p.game_id
         where s.daily_at is null and p.draw_at >= $1 and p.draw_at < now()) x
       where gap > cycle limit 5`,
      [since],
    );
    for (const g of gaps) failures.push(`period ${g.code} before ${g.issue} skipped (${g.gap} s after the previous)`);
    return { failures };
  }

  /** `npm run ledger:check` on the primary. */
  async ledger(): Promise<{ ok: boolean; text: string }> {
    try {
      const { stdout } = await run('npm', ['run', '--silent', 'ledger:check'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: this.url },
      });
      return { ok: true, text: stdout.trim().split('\n').at(-1) ?? '' };
    } catch (err) {
      const e = err as { stdout?: string; message: string };
      return {
        ok: false,
        text:
          (e.stdout ?? e.message)
            .split('\n')
            .filter((l) => l.startsWith('DIFF'))
            .slice(0, 3)
            .join('; ') || e.message,
      };
    }
  }
}

/** From when to when (epoch ms) the balancer was away. */
export type Window = { from: number; to: number };

/** How a read the balancer cut (reset) or refused ends, as node names it. */
const CUT_ERRORS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE']);

/**
 * The reads of one phase, by kind (readers.ts; `own bet list`, the bettors' reads right after a slip): every read
 * answered 2xx, and every own bet list read right after a slip listed it.
 *
 * One allowance, in the balancer fault only (`cut`: from the balancer's stop to its having every host UP again): a
 * read that ended in that window reset or refused, being in flight on a client connection the stopping balancer cut,
 * or sent while nothing listened. No host answered it, so it says nothing of the API, and a page's next poll is
 * answered. Nothing else is allowed in any phase: no status but 2xx (a 5xx, a 429, a 401 of a session lost), no read
 * left unanswered 10 s, no failure outside the window. In particular the replica fault allows none: a replica going
 * away or coming back must cost a reader nothing (the primary answers).
 */
export function readFailures(
  reads: Record<string, ReadCounts>,
  ownStale: number,
  cut: Window | undefined,
): { failures: string[]; cut: number } {
  const failures: string[] = [];
  let allowed = 0;
  const inWindow = (f: { at: number; why: string }) =>
    cut !== undefined && CUT_ERRORS.has(f.why) && f.at >= cut.from && f.at <= cut.to;
  for (const [kind, c] of Object.entries(reads)) {
    const bad = c.failed.filter((f) => !inWindow(f));
    allowed += c.failed.length - bad.length;
    if (bad.length === 0) continue;
    const why: Record<string, number> = {};
    for (const f of bad) why[f.why] = (why[f.why] ?? 0) + 1;
    const text = Object.entries(why)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    failures.push(`${bad.length} of ${c.sent} ${kind} reads not answered 2xx (${text})`);
  }
  if (ownStale > 0) failures.push(`${ownStale} own bet lists read right after a slip did not list it`);
  return { failures, cut: allowed };
}

/**
 * How long a drawn period may take to reach the head of the history a reader polls: a lagging replica may serve it
 * until its lag reaches REPLICA_MAX_LAG_MS (5 s), plus the second between two probes; an answer is kept READ_CACHE_MS
 * (1 s); a reader polls once a second. 8 s, rounded up to 10.
 */
export const HISTORY_WITHIN_MS = 10_000;

/** The history listed the period drawn at `drawnAt` (epoch ms) within HISTORY_WITHIN_MS; `seenAt` when it first did. */
export function historyFailures(issue: string, drawnAt: number, seenAt: number | undefined): string[] {
  if (seenAt === undefined) return [`the history never listed ${issue}`];
  if (seenAt - drawnAt > HISTORY_WITHIN_MS)
    return [`the history listed ${issue} ${((seenAt - drawnAt) / 1000).toFixed(1)} s after its draw`];
  return [];
}
