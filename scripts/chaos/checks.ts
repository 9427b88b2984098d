/**
 * What `npm run cluster:chaos` checks after each fault, read from the primary as the hosts' role: periods drawn once
 * and none skipped, every accepted slip settled exactly once (one stake posting, one payout posting when it pays,
 * none otherwise), no slip the bettors were not told of, the ledger check (`npm run ledger:check`), and who holds the
 * scheduler's advisory lock.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { root, type Topology } from '../cluster/topology.ts';
import type { Slip } from './bettors.ts';

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
       from bets b where b.id = any($1::int[])`,
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
