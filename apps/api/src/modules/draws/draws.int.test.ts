import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawFd1 } from '@fairdraw/domain';
import type { GameFamily } from '@fairdraw/domain';
import { createDb } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { buildTestApp } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { createUpcomingPeriods, tick } from './draws.service.ts';

// The scheduler's steps with an injected clock (docs/trust.md 9, 11, 12, 16). Times are in 2031 so nothing here is
// "now"; each describe works on its own game via the k3 schedule (60 s cycle, seal 10 s).

let t: TestApp;
let db: Db;
const ctx = { timeZone: 'Asia/Bangkok' };
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.db;
});
afterAll(async () => {
  await t.close();
});

async function periodsOf(code: string) {
  return db
    .selectFrom('periods')
    .innerJoin('games', 'games.id', 'periods.game_id')
    .select([
      'periods.id',
      'periods.issue',
      'periods.status',
      'periods.seed',
      'periods.commitment',
      'periods.result',
      'periods.open_at',
      'periods.seal_at',
      'periods.draw_at',
      'periods.drawn_at',
      'games.code',
      'games.family',
    ])
    .where('games.code', '=', code)
    .orderBy('periods.draw_at')
    .execute();
}

const expectedResult = (p: { family: string; code: string; issue: string; seed: Uint8Array }) => [
  ...drawFd1({ family: p.family as GameFamily, gameCode: p.code, issue: p.issue, seed: Uint8Array.from(p.seed) }),
];

describe('createUpcomingPeriods', () => {
  it('creates the current and upcoming periods of every game, committed, idempotently', async () => {
    const now = at('2031-01-10T05:00:30Z'); // 12:00:30 in Bangkok
    const created = await createUpcomingPeriods(db, now, ctx);
    expect(created).toBeGreaterThan(0);
    expect(await createUpcomingPeriods(db, now, ctx)).toBe(0);
    expect(await createUpcomingPeriods(db, new Date(now.getTime() + 20_000), ctx)).toBe(0);
    const k3 = await periodsOf('df_k3');
    expect(k3[0]?.issue).toBe('20310110-0722'); // 12:01 is slot 722 (00:00 is slot 1)
    expect(k3).toHaveLength(30);
    expect(new Set(k3.map((p) => p.commitment)).size).toBe(30);
    for (const p of k3) {
      expect(p.status).toBe('scheduled');
      expect(p.result).toBeNull();
      expect(p.seed.length).toBe(32);
      expect(p.commitment).toBe(createHash('sha256').update(p.seed).digest('hex'));
      expect(p.draw_at.getTime()).toBeGreaterThan(now.getTime());
    }
    const ms = await periodsOf('xam_6');
    expect(ms.map((p) => p.issue)).toEqual(['20310110-0001', '20310111-0001']);
    expect(ms[0]?.draw_at.toISOString()).toBe('2031-01-10T14:30:00.000Z');
    const l28 = await periodsOf('xy_28');
    expect(l28[0]?.issue).toBe('20310110-0207'); // 12:00:30 → next 210 s slot from 00:00 is 12:01:00 = slot 207
  });
});

describe('tick', () => {
  it('moves a period exactly at its open, seal and draw times and draws it from its committed seed', async () => {
    const k3 = await periodsOf('df_k3');
    const p = k3[0]!;
    const q = k3[1]!;
    expect(p.open_at.toISOString()).toBe('2031-01-10T05:00:00.000Z');
    expect(p.seal_at.toISOString()).toBe('2031-01-10T05:00:50.000Z');
    expect(p.draw_at.toISOString()).toBe('2031-01-10T05:01:00.000Z');
    const status = async (id: number) =>
      await db.selectFrom('periods').select(['status', 'result']).where('id', '=', id).executeTakeFirstOrThrow();

    await tick(db, at('2031-01-10T04:59:59.999Z'), ctx);
    expect((await status(p.id)).status).toBe('scheduled');
    await tick(db, at('2031-01-10T05:00:00Z'), ctx);
    expect((await status(p.id)).status).toBe('open');
    expect((await status(q.id)).status).toBe('scheduled');
    await tick(db, at('2031-01-10T05:00:49.999Z'), ctx);
    expect((await status(p.id)).status).toBe('open');
    await tick(db, at('2031-01-10T05:00:50Z'), ctx);
    expect((await status(p.id)).status).toBe('sealed');
    await tick(db, at('2031-01-10T05:00:59.999Z'), ctx);
    expect((await status(p.id)).status).toBe('sealed');
    expect((await status(p.id)).result).toBeNull();
    const r = await tick(db, at('2031-01-10T05:01:00Z'), ctx);
    expect(r.drawn).toBeGreaterThanOrEqual(1);
    const drawn = await status(p.id);
    expect(drawn.status).toBe('drawn');
    expect(drawn.result).toEqual(expectedResult(p));
    expect((await status(q.id)).status).toBe('open');

    // A second tick at the same instant changes nothing.
    expect(await tick(db, at('2031-01-10T05:01:00Z'), ctx)).toEqual({ opened: 0, sealed: 0, drawn: 0 });
    expect(await status(p.id)).toEqual(drawn);
  });

  it('after a stop, draws every committed period late with its seed; slots never created stay a gap', async () => {
    const restart = at('2031-01-10T08:00:10Z'); // three hours later: all 30 committed k3 periods are overdue
    const report = await tick(db, restart, ctx);
    expect(report.drawn).toBeGreaterThan(29);
    const k3 = await periodsOf('df_k3');
    for (const p of k3) {
      expect(p.status).toBe('drawn');
      expect(p.result).toEqual(expectedResult(p));
    }
    const late = k3.at(-1)!;
    expect(late.drawn_at?.toISOString()).toBe(restart.toISOString()); // drawn late; the record shows when
    await createUpcomingPeriods(db, restart, ctx);
    const after = await periodsOf('df_k3');
    // Nothing was invented between the last committed slot and the new current one.
    const newOnes = after.filter((p) => !k3.some((o) => o.id === p.id));
    expect(newOnes[0]?.issue).toBe('20310110-0902'); // 15:01 Bangkok
    expect(after.filter((p) => p.draw_at > late.draw_at && p.draw_at < newOnes[0]!.draw_at)).toEqual([]);
    // Ticking again redraws nothing.
    const before = (await periodsOf('df_k3')).map((p) => [p.id, p.result]);
    await tick(db, restart, ctx);
    expect((await periodsOf('df_k3')).map((p) => [p.id, p.result])).toEqual(before);
  });

  it('two ticks at once (separate connections on PostgreSQL) draw each period exactly once', async () => {
    const other: Db = t.config.databaseUrl ? createDb({ databaseUrl: t.config.databaseUrl, dataDir: '' }) : db;
    try {
      const when = at('2031-01-10T09:00:00Z');
      const [a, b] = await Promise.all([tick(db, when, ctx), tick(other, when, ctx)]);
      const due = await db
        .selectFrom('periods')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('draw_at', '<=', when)
        .executeTakeFirstOrThrow();
      const drawnNow = await db
        .selectFrom('periods')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('drawn_at', '=', when)
        .executeTakeFirstOrThrow();
      expect(a.drawn + b.drawn).toBe(Number(drawnNow.n));
      expect(Number(drawnNow.n)).toBeGreaterThan(0);
      const undrawn = await db
        .selectFrom('periods')
        .select('id')
        .where('draw_at', '<=', when)
        .where('result', 'is', null)
        .execute();
      expect(undrawn).toEqual([]);
      expect(Number(due.n)).toBeGreaterThan(0);
      for (const p of await periodsOf('df_k3')) if (p.result) expect(p.result).toEqual(expectedResult(p));
    } finally {
      if (other !== db) await other.destroy();
    }
  });
});

describe('the periods table refuses rewriting history (trigger, every role)', () => {
  const refused = async (run: () => Promise<unknown>) => {
    // (TRUNCATE is refused first by the foreign key from bets, migration 0008, when that table exists.)
    await expect(run()).rejects.toThrow(
      /write-once|append-only|cannot become|only written by the draw|cannot truncate a table referenced in a foreign key/,
    );
  };

  it('refuses changing result, seed, commitment, issue, algorithm; deleting; truncating; going back', async () => {
    await createUpcomingPeriods(db, at('2031-01-10T09:00:00Z'), ctx);
    const drawn = (await periodsOf('df_k3')).find((p) => p.status === 'drawn')!;
    const pending = (await periodsOf('df_k3')).find((p) => p.status === 'scheduled')!;
    const upd = (id: number, set: Record<string, unknown>) =>
      db
        .updateTable('periods')
        .set(set as never)
        .where('id', '=', id)
        .execute();
    await refused(() => upd(drawn.id, { result: [1, 1, 1] }));
    await refused(() => upd(drawn.id, { seed: Buffer.alloc(32) }));
    await refused(() => upd(pending.id, { seed: Buffer.alloc(32) }));
    await refused(() => upd(pending.id, { commitment: '0'.repeat(64) }));
    await refused(() => upd(drawn.id, { issue: '20310110-9999' }));
    await refused(() => upd(drawn.id, { algorithm: 'fd2' }));
    await refused(() => upd(drawn.id, { status: 'sealed' }));
    await refused(() => upd(drawn.id, { status: 'void', void_reason: 'dislike' }));
    // A result can only come from the sealed → drawn draw: not preset on a scheduled period.
    await refused(() => upd(pending.id, { result: [6, 6, 6] }));
    await refused(() => upd(pending.id, { status: 'drawn', result: [6, 6, 6] }));
    await refused(() => db.deleteFrom('periods').where('id', '=', drawn.id).execute());
    await refused(() => db.deleteFrom('periods').where('id', '=', pending.id).execute());
    const { sql } = await import('kysely');
    await refused(() => sql`truncate periods`.execute(db));
    const again = (await periodsOf('df_k3')).find((p) => p.id === drawn.id)!;
    expect(again.result).toEqual(drawn.result);
    expect(again.status).toBe('drawn');
  });
});
