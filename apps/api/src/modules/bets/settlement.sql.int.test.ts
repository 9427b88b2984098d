import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoGrant,
  depositCredited,
  findPlay,
  minor,
  oddsBps,
  payoutCredited,
  settleBetItem,
  stakePlaced,
  zodiacOf,
} from '@fairdraw/domain';
import type { GameFamily, Wallet } from '@fairdraw/domain';
import { API, WINNING_LIST_SIZE } from '@fairdraw/contract';
import type { BetStatus } from '@fairdraw/contract';
import { buildTestApp } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { openAt } from '../../test/bets-helper.ts';
import { parseIssue } from '../draws/schedule.ts';
import { localBus } from '../draws/events.ts';
import type { PeriodEvent } from '../draws/events.ts';
import { getBalances, postTransactions } from '../ledger/ledger.service.ts';
import { settleablePlays, settleDrawnPeriods, settlePeriod, slipStatus } from './settlement.service.ts';

// The set-based settlement (verdict per play code in JavaScript, payouts computed by PostgreSQL) against the
// domain's settleBetItem, item by item: hand-picked items (floors, pushes, Mark Six all-in, zodiac plays across
// Chinese New Year) and random ones for every family, with random odds and stakes, cash and demo slips of one to
// three items. Results are chosen (written into the period as the draw would) so every verdict kind occurs.

const T = new Date('2031-01-22T05:00:00Z'); // Chinese New Year 2031 is on 01-23: the Mark Six zodiac changes.
const FUNDS = 1_000_000_000_000;

let t: TestApp;
let users: number[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  await openAt(t.app, T);
  const { rows } = await sql<{ id: number }>`
    insert into users (account, nickname, avatar, role, created_at)
    select 'settle' || g, 'Settle ' || g, '/art/avatars/1.svg', 'player', ${T} from generate_series(1, 6) g
    returning id`.execute(t.app.db);
  users = rows.map((r) => r.id);
  await t.app.db.transaction().execute(async (trx) => {
    await postTransactions(
      trx,
      [
        ...users.map((u) => ({ tx: depositCredited(u, minor(FUNDS)), reference: `test-deposit:${u}` })),
        ...users.map((u) => ({ tx: demoGrant(u, minor(FUNDS)), reference: `test-demo:${u}` })),
      ],
      T,
    );
  });
});
afterAll(async () => {
  await t.close();
});

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

type Item = { code: string; odds: number; amount: number };
/** `before0046`: a one-item slip placed before its play was copied onto the slip (it is settled from its item). */
type Slip = { user: number; wallet: Wallet; items: Item[]; before0046?: boolean };

type Period = { id: number; game_id: number; issue: string; family: GameFamily; date: string };

async function periodOf(code: string, date?: string): Promise<Period> {
  const rows = await t.app.db
    .selectFrom('periods')
    .innerJoin('games', 'games.id', 'periods.game_id')
    .select(['periods.id', 'periods.game_id', 'periods.issue', 'games.family'])
    .where('games.code', '=', code)
    .where('periods.status', 'in', ['scheduled', 'open'])
    .orderBy('periods.draw_at')
    .execute();
  const p = rows.find((r) => date === undefined || parseIssue(r.issue)?.date === date);
  if (!p) throw new Error(`no period of ${code} on ${date ?? 'any date'}`);
  return { ...p, family: p.family as GameFamily, date: parseIssue(p.issue)?.date ?? '' };
}

/** Stores the slips as a placed bet does (slip, items, stake posting), then draws the period with `result`. */
async function placeAndDraw(p: Period, slips: Slip[], result: number[]): Promise<number[]> {
  const db = t.app.db;
  const rows = await db
    .selectFrom('play_items')
    .select(['id', 'code', 'group_code'])
    .where('game_id', '=', p.game_id)
    .execute();
  const rowOf = (code: string) => {
    const allIn = /^(ms\.all[23])\.(.*)$/.exec(code);
    const row = rows.find((r) => r.code === (allIn ? allIn[1] : code));
    if (!row) throw new Error(`no play item for ${code}`);
    return { ...row, numbers: allIn ? (allIn[2] ?? '').split('-').map(Number) : null };
  };
  const ids: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (const s of slips) {
      const total = s.items.reduce((sum, i) => sum + i.amount, 0);
      const slip = await trx
        .insertInto('bets')
        .values({
          user_id: s.user,
          game_id: p.game_id,
          period_id: p.id,
          issue: p.issue,
          wallet: s.wallet,
          total,
          // As place_bet_slips writes it: a one-item slip carries its play.
          ...(s.items.length === 1 && s.before0046 !== true
            ? { code: s.items[0]?.code ?? null, odds_bps: s.items[0]?.odds ?? null }
            : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(slip.id);
      await trx
        .insertInto('bet_items')
        .values(
          s.items.map((i) => {
            const row = rowOf(i.code);
            return {
              bet_id: slip.id,
              play_item_id: row.id,
              code: i.code,
              group_code: row.group_code,
              numbers: row.numbers,
              odds_bps: i.odds,
              amount: i.amount,
            };
          }),
        )
        .execute();
    }
    await postTransactions(
      trx,
      slips.map((s, k) => ({
        tx: stakePlaced(s.user, s.wallet, minor(s.items.reduce((sum, i) => sum + i.amount, 0))),
        reference: `bet:${ids[k]}`,
      })),
      T,
    );
  });
  // The draw, with a chosen result (the periods trigger allows writing it only on sealed → drawn).
  await sql`update periods set status = 'open', opened_at = now() where id = ${p.id} and status = 'scheduled'`.execute(
    db,
  );
  await sql`update periods set status = 'sealed', sealed_at = now() where id = ${p.id}`.execute(db);
  await sql`update periods set status = 'drawn', result = ${result}::integer[], drawn_at = now()
            where id = ${p.id}`.execute(db);
  return ids;
}

/** Random slips on the family's plays (Mark Six: all-in included), random odds and stakes. */
function randomSlips(p: Period, n: number, seed: number): Slip[] {
  const next = rng(seed);
  const plays = [...settleablePlays(p.family, p.date)];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const slips: Slip[] = [];
  for (let k = 0; k < n; k++) {
    const items: Item[] = [];
    const count = 1 + Math.floor(next() * 3);
    for (let i = 0; i < count; i++) {
      items.push({
        code: pick(plays).code,
        odds: 10_000 + Math.floor(next() * 8_990_000), // 1× to 900×, odd values so floors matter
        amount: 1 + Math.floor(next() * (next() < 0.1 ? 1_000_000_000 : 100_000)),
      });
    }
    slips.push({ user: pick(users), wallet: next() < 0.7 ? 'cash' : 'demo', items, before0046: k % 4 === 3 });
  }
  return slips;
}

type Expected = { status: BetStatus; payout: number };

/** Settles the period and checks every item, slip, posting and balance against the domain. */
async function settleAndCheck(p: Period, slips: Slip[], ids: number[]) {
  const db = t.app.db;
  const before = new Map(await Promise.all(users.map(async (u) => [u, await getBalances(db, u)] as const)));
  const now = new Date(T.getTime() + 86_400_000 * 3);
  const settled = await settlePeriod(db, p.id, now);
  expect(settled).toEqual({ game_id: p.game_id, issue: p.issue, slips: slips.length });
  expect(await settlePeriod(db, p.id, now)).toBeUndefined(); // once only

  const result = (
    await db.selectFrom('periods').select(['status', 'result']).where('id', '=', p.id).executeTakeFirstOrThrow()
  ).result;
  if (!result) throw new Error('no result');
  const expectedItems: Expected[][] = slips.map((s) =>
    s.items.map((i) => {
      const play = findPlay(p.family, i.code, p.date);
      if (!play) throw new Error(`unknown play ${i.code}`);
      const r = settleBetItem({ play, odds: oddsBps(i.odds), stake: minor(i.amount) }, result);
      return { status: ({ win: 'won', lose: 'lost', push: 'push' } as const)[r.result], payout: r.payout };
    }),
  );
  const items = await db
    .selectFrom('bet_item_results')
    .select(['bet_id', 'code', 'status', 'payout'])
    .where('bet_id', 'in', ids)
    .orderBy('id')
    .execute();
  // What is left as placed (the views give it its result): a slip that lost everything, with its items; the item of
  // a one-item slip. Everything else is written: the slip, and each item of a slip of several.
  const lostAll = (k: number) => (expectedItems[k] ?? []).every((e) => e.status === 'lost');
  const rows = await db
    .selectFrom('bet_items')
    .select(['bet_id', 'status', 'payout'])
    .where('bet_id', 'in', ids)
    .execute();
  for (const r of rows) {
    const k = ids.indexOf(r.bet_id);
    const several = (slips[k]?.items.length ?? 0) > 1;
    expect({ bet: r.bet_id, asPlaced: r.status === 'unsettled' && r.payout === null }).toEqual({
      bet: r.bet_id,
      asPlaced: !several || lostAll(k),
    });
  }
  const placed = await db
    .selectFrom('bets')
    .select(['id', 'status', 'payout', 'settled_at'])
    .where('id', 'in', ids)
    .execute();
  for (const r of placed) {
    const asPlaced = r.status === 'unsettled' && r.payout === null && r.settled_at === null;
    expect({ bet: r.id, asPlaced }).toEqual({ bet: r.id, asPlaced: lostAll(ids.indexOf(r.id)) });
  }
  const stored = await db
    .selectFrom('bet_results')
    .select(['id', 'status', 'payout', 'settled_at'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const wins = new Set(
    (await db.selectFrom('bet_cash_wins').select('bet_id').where('bet_id', 'in', ids).execute()).map((w) => w.bet_id),
  );
  const payouts = await sql<{ reference: string; account: string; amount: number }>`
    select t.reference, a.key as account, p.amount from ledger_transactions t
    join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
    where t.kind = 'payout' and t.reference = any(${ids.map((id) => `bet:${id}`)}::text[])`.execute(db);

  // Home's winning list keeps, of each period, its latest cash slips that came out ahead (the highest ids), as many as
  // the list shows: the other wins of the period are never among the latest.
  const ahead = slips.flatMap((s, k) => {
    const exp = expectedItems[k] ?? [];
    const payout = exp.reduce((sum, e) => sum + e.payout, 0);
    const total = s.items.reduce((sum, i) => sum + i.amount, 0);
    const won = slipStatus(exp.map((e) => e.status)) === 'won' && s.wallet === 'cash';
    return won && payout > total ? [ids[k] ?? 0] : [];
  });
  const listed = ahead.sort((a, b) => b - a).slice(0, WINNING_LIST_SIZE);
  expect([...wins].sort((a, b) => b - a)).toEqual(listed);

  const credit = new Map<string, number>();
  slips.forEach((s, k) => {
    const id = ids[k] ?? 0;
    const exp = expectedItems[k] ?? [];
    expect(items.filter((i) => i.bet_id === id).map((i) => ({ status: i.status, payout: i.payout }))).toEqual(exp);
    const payout = exp.reduce((sum, e) => sum + e.payout, 0);
    const status = slipStatus(exp.map((e) => e.status));
    const slip = stored.find((x) => x.id === id);
    expect({ status: slip?.status, payout: slip?.payout, at: slip?.settled_at?.getTime() }).toEqual({
      status,
      payout,
      at: now.getTime(),
    });
    // One 'payout' / 'bet:<id>' per paying slip, with exactly the domain's postings.
    const mine = payouts.rows.filter((r) => r.reference === `bet:${id}`);
    const domain = payout > 0 ? payoutCredited(s.user, s.wallet, minor(payout)).postings : [];
    expect(mine.map((r) => [r.account, Number(r.amount)]).sort()).toEqual(
      domain
        .map((d) => [
          d.account.userId === undefined ? d.account.kind : `${d.account.kind}:${d.account.userId}`,
          d.amount,
        ])
        .sort(),
    );
    const key = `${s.user}:${s.wallet}`;
    credit.set(key, (credit.get(key) ?? 0) + payout);
  });
  for (const u of users) {
    const after = await getBalances(db, u);
    expect(after.cash - (before.get(u)?.cash ?? 0)).toBe(credit.get(`${u}:cash`) ?? 0);
    expect(after.demo - (before.get(u)?.demo ?? 0)).toBe(credit.get(`${u}:demo`) ?? 0);
  }
  return { expectedItems, result };
}

describe('set-based settlement = the domain, item by item', () => {
  const cases: { game: string; result: number[]; picked: Item[]; date?: string | undefined }[] = [
    {
      game: 'df_pk10',
      result: [3, 1, 10, 2, 9, 4, 8, 5, 7, 6],
      picked: [
        { code: 'pk10.pos1.num3', odds: 97_000, amount: 333 },
        { code: 'pk10.pos1.num1', odds: 97_000, amount: 333 },
        { code: 'pk10.dt1.dragon', odds: 19_999, amount: 333 },
      ],
    },
    {
      game: 'df_k3',
      result: [2, 2, 2],
      picked: [
        { code: 'k3.triple.2', odds: 1_800_000, amount: 1 },
        { code: 'k3.triple.any', odds: 300_001, amount: 7 },
        { code: 'k3.pair.2', odds: 111_111, amount: 99 },
        { code: 'k3.sum.6', odds: 180_000, amount: 101 },
        { code: 'k3.big', odds: 19_700, amount: 500 },
        { code: 'k3.straight.any', odds: 60_000, amount: 500 },
      ],
    },
    {
      game: 'df_ssc',
      result: [0, 9, 5, 5, 3],
      picked: [
        { code: 'ssc.pos1.num0', odds: 98_765, amount: 4_321 },
        { code: 'ssc.total.big', odds: 19_800, amount: 1_000_000_000 },
        { code: 'ssc.middle.pair', odds: 37_000, amount: 3 },
      ],
    },
    {
      game: 'xy_28',
      result: [9, 9, 9],
      picked: [
        { code: 'l28.sum.27', odds: 9_999_999, amount: 9_999 },
        { code: 'l28.big', odds: 20_001, amount: 1 },
        { code: 'l28.small-odd', odds: 37_000, amount: 50 },
      ],
    },
    ...['2031-01-22', '2031-01-23'].map((date) => ({
      game: 'xam_6',
      date,
      // Special number 49: every two-sided special bet pushes (rule 49).
      result: [3, 17, 5, 8, 12, 30, 49],
      picked: [
        { code: 'ms.all2.3-17', odds: 720_000, amount: 150 },
        { code: 'ms.all3.3-5-17', odds: 8_300_000, amount: 3 },
        { code: 'ms.all2.3-49', odds: 720_000, amount: 150 },
        { code: 'ms.all3.1-2-3', odds: 8_300_000, amount: 3 },
        { code: 'ms.special.big', odds: 19_700, amount: 1_234 },
        { code: 'ms.special.odd', odds: 19_700, amount: 5 },
        { code: 'ms.special.num.49', odds: 470_000, amount: 77 },
        { code: `ms.special.zodiac.${zodiacOf(49, '2031-01-22')}`, odds: 119_999, amount: 1_001 },
        { code: `ms.zodiac.${zodiacOf(49, '2031-01-22')}`, odds: 20_001, amount: 1_001 },
      ],
    })),
  ];

  it.each(cases.map((c) => ({ ...c, name: c.date ? `${c.game} drawn ${c.date}` : c.game })))(
    '$name',
    async ({ game, result, picked, date }) => {
      const p = await periodOf(game, date);
      const hand: Slip[] = picked.map((item, i) => ({
        user: users[i % users.length] ?? 0,
        wallet: i % 3 === 2 ? 'demo' : 'cash',
        items: [item],
      }));
      // One slip with all the hand-picked items too: its status is won if any won, push only if all pushed.
      const slips = [
        ...hand,
        { user: users[0] ?? 0, wallet: 'cash' as const, items: picked },
        ...randomSlips(p, 150, p.id),
      ];
      if (game === 'xam_6') slips.push({ user: users[1] ?? 0, wallet: 'cash', items: picked.slice(4, 6) }); // all push
      const ids = await placeAndDraw(p, slips, result);
      const { expectedItems } = await settleAndCheck(p, slips, ids);

      const kinds = new Set(expectedItems.flat().map((e) => e.status));
      expect(kinds).toContain('won');
      expect(kinds).toContain('lost');
      if (game === 'xam_6') {
        expect(kinds).toContain('push');
        const stored = await t.app.db
          .selectFrom('bets')
          .select('status')
          .where('id', '=', ids.at(-1) ?? 0)
          .execute();
        expect(stored[0]?.status).toBe('push');
        // The zodiac of 49 changes at Chinese New Year: the same code wins on the eve and loses on the day.
        const zodiacItem = expectedItems[7]?.[0];
        expect(zodiacItem?.status).toBe(date === '2031-01-22' ? 'won' : 'lost');
      }
    },
  );

  it('Home’s winning list gets the period’s latest cash wins that came out ahead, as many as it shows', async () => {
    const p = await periodOf('df_k3');
    const big = { code: 'k3.big', odds: 19_700, amount: 1_000 };
    const slips: Slip[] = [
      ...Array.from({ length: WINNING_LIST_SIZE + 5 }, (_, i) => ({
        user: users[i % users.length] ?? 0,
        wallet: 'cash' as const,
        items: [big],
      })),
      { user: users[0] ?? 0, wallet: 'demo', items: [big] }, // play money: never listed
      { user: users[1] ?? 0, wallet: 'cash', items: [{ ...big, odds: 10_000 }] }, // won, but paid back only its stake
      { user: users[2] ?? 0, wallet: 'cash', items: [{ code: 'k3.small', odds: 19_700, amount: 1_000 }] }, // lost
    ];
    const ids = await placeAndDraw(p, slips, [6, 6, 5]);
    await settleAndCheck(p, slips, ids);
    const listed = await t.app.db.selectFrom('bet_cash_wins').select('bet_id').where('bet_id', 'in', ids).execute();
    expect(listed.map((r) => r.bet_id).sort((a, b) => b - a)).toEqual(
      ids
        .slice(0, WINNING_LIST_SIZE + 5)
        .slice(-WINNING_LIST_SIZE)
        .reverse(),
    );
    const home = await t.app.inject({ method: 'GET', url: API.home, headers: { lang: 'en' } });
    const wins = home.json<{ data: { winning_list: { amount: number }[] } }>().data.winning_list;
    expect(wins).toHaveLength(WINNING_LIST_SIZE);
    expect(wins.every((w) => w.amount === 970)).toBe(true);
  });

  it('an item naming an unknown play keeps the whole period drawn, with the item named', async () => {
    const p = await periodOf('df_k3');
    const ids = await placeAndDraw(
      p,
      [
        { user: users[0] ?? 0, wallet: 'cash', items: [{ code: 'k3.big', odds: 19_700, amount: 100 }] },
        { user: users[1] ?? 0, wallet: 'cash', items: [{ code: 'k3.big', odds: 19_700, amount: 100 }] },
      ],
      [6, 6, 5],
    );
    await sql`update bet_items set code = 'k3.nothing' where bet_id = ${ids[1] ?? 0}`.execute(t.app.db);
    await sql`update bets set code = 'k3.nothing' where id = ${ids[1] ?? 0}`.execute(t.app.db);
    await expect(settlePeriod(t.app.db, p.id, T)).rejects.toThrow(
      new RegExp(`slip ${ids[1] ?? 0}: unknown play k3\\.nothing`),
    );
    const period = await t.app.db.selectFrom('periods').select('status').where('id', '=', p.id).executeTakeFirst();
    expect(period?.status).toBe('drawn');
    const slips = await t.app.db.selectFrom('bets').select('status').where('id', 'in', ids).execute();
    expect(slips.every((s) => s.status === 'unsettled')).toBe(true);
    // Put it right (an operator's fix), so the periods after this test settle normally.
    await sql`update bet_items set code = 'k3.big' where bet_id = ${ids[1] ?? 0}`.execute(t.app.db);
    await sql`update bets set code = 'k3.big' where id = ${ids[1] ?? 0}`.execute(t.app.db);
    expect((await settlePeriod(t.app.db, p.id, T))?.slips).toBe(2);
  });

  it('a slip without items (never placed so) keeps the whole period drawn rather than being left behind', async () => {
    const p = await periodOf('df_k3');
    const big = { code: 'k3.big', odds: 19_700, amount: 100 };
    const ids = await placeAndDraw(
      p,
      [
        { user: users[0] ?? 0, wallet: 'cash', items: [big], before0046: true },
        { user: users[1] ?? 0, wallet: 'cash', items: [big], before0046: true },
      ],
      [6, 6, 5],
    );
    // The second slip's item moved to the first slip: the first has two items, the second none. Only the owner can do
    // that, past the guard that keeps what an item names (migration 0048).
    const moveItems = (change: RawBuilder<unknown>) =>
      t.app.db.transaction().execute(async (trx) => {
        await sql`alter table bet_items disable trigger bet_items_refs_fixed`.execute(trx);
        await change.execute(trx);
        await sql`alter table bet_items enable trigger bet_items_refs_fixed`.execute(trx);
      });
    await moveItems(sql`update bet_items set bet_id = ${ids[0] ?? 0} where bet_id = ${ids[1] ?? 0}`);
    await expect(settlePeriod(t.app.db, p.id, T)).rejects.toThrow(new RegExp(`slip ${ids[1] ?? 0}: no items`));
    const period = await t.app.db.selectFrom('periods').select('status').where('id', '=', p.id).executeTakeFirst();
    expect(period?.status).toBe('drawn');
    const slips = await t.app.db.selectFrom('bets').select('status').where('id', 'in', ids).execute();
    expect(slips.every((s) => s.status === 'unsettled')).toBe(true);
    // Put it right, so the periods after this test settle normally.
    await moveItems(sql`update bet_items set bet_id = ${ids[1] ?? 0}
      where id = (select max(id) from bet_items where bet_id = ${ids[0] ?? 0})`);
    expect((await settlePeriod(t.app.db, p.id, T))?.slips).toBe(2);
  });

  it('a payout already posted for one slip rolls the whole period back (ALREADY_DECIDED); nothing is paid twice', async () => {
    const p = await periodOf('df_k3');
    const winner: Slip = {
      user: users[2] ?? 0,
      wallet: 'cash',
      items: [{ code: 'k3.big', odds: 19_700, amount: 100 }],
    };
    const ids = await placeAndDraw(p, [winner, winner], [6, 6, 5]);
    await t.app.db.transaction().execute(async (trx) => {
      await postTransactions(
        trx,
        [{ tx: payoutCredited(winner.user, 'cash', minor(197)), reference: `bet:${ids[1]}` }],
        T,
      );
    });
    const cash = (await getBalances(t.app.db, winner.user)).cash;
    await expect(settlePeriod(t.app.db, p.id, T)).rejects.toMatchObject({ key: 'ALREADY_DECIDED' });
    expect(
      (await t.app.db.selectFrom('periods').select('status').where('id', '=', p.id).executeTakeFirst())?.status,
    ).toBe('drawn');
    const slips = await t.app.db.selectFrom('bets').select('status').where('id', 'in', ids).execute();
    expect(slips.every((s) => s.status === 'unsettled')).toBe(true);
    expect((await getBalances(t.app.db, winner.user)).cash).toBe(cash);
  });

  it("settleDrawnPeriods announces each settled period ('settled' period event) after it commits", async () => {
    const p = await periodOf('df_ssc');
    await placeAndDraw(
      p,
      [{ user: users[3] ?? 0, wallet: 'demo', items: [{ code: 'ssc.total.big', odds: 19_800, amount: 100 }] }],
      [1, 2, 3, 4, 5],
    );
    const bus = localBus();
    const heard: PeriodEvent[] = [];
    await bus.subscribe((e) => {
      heard.push(e);
    });
    // The period of the previous test is still drawn (ALREADY_DECIDED): it fails again, this one settles anyway.
    await expect(settleDrawnPeriods(t.app.db, T, { events: bus })).rejects.toMatchObject({ key: 'ALREADY_DECIDED' });
    expect(heard).toEqual([{ kind: 'settled', game_id: p.game_id, period_id: p.id, issue: p.issue }]);
    const status = await t.app.db.selectFrom('periods').select('status').where('id', '=', p.id).executeTakeFirst();
    expect(status?.status).toBe('settled');
    await bus.close();
  });
});
