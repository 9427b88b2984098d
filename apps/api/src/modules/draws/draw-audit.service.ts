import type { AdminDraw, AdminDrawsQuery, Paged } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import * as repo from './draw-audit.repository.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const ymd = (date: string | undefined) => date?.replaceAll('-', '');

/** The draws audit: a page of periods with their public record and the cash staked and paid on each. */
export async function listDraws(db: Db, q: AdminDrawsQuery, now: Date): Promise<Paged<AdminDraw>> {
  const rows = await repo.drawsPage(
    db,
    { gameId: q.games_id, status: q.status, fromDate: ymd(q.from), toDate: ymd(q.to), now },
    q.page,
    q.limit,
  );
  const pageRows = rows.slice(0, q.limit);
  const totals = new Map(
    (
      await repo.cashTotals(
        db,
        pageRows.map((r) => r.id),
      )
    ).map((t) => [t.period_id, t]),
  );
  const list = pageRows.map((r): AdminDraw => {
    const t = totals.get(r.id);
    return {
      id: r.id,
      games_id: r.game_id,
      code: r.code,
      family: r.family,
      issue: r.issue,
      status: r.status,
      algorithm: r.algorithm,
      commitment: r.commitment,
      // The query selects it only with a result; checked again here.
      seed: r.seed && r.result !== null ? hex(r.seed) : null,
      beacon: r.beacon_value,
      result: r.result,
      open_at: r.open_at.getTime(),
      draw_at: r.draw_at.getTime(),
      drawn_at: r.drawn_at ? r.drawn_at.getTime() : null,
      void_reason: r.void_reason,
      bets: Number(t?.bets ?? 0),
      stake_total: Number(t?.stake ?? 0),
      payout_total: Number(t?.payout ?? 0),
    };
  });
  return { list, page: q.page, limit: q.limit, has_more: rows.length > q.limit };
}
