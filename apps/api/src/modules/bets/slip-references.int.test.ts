import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { guestToken } from '../../test/money-helper.ts';
import { appAtForFile, bet, openPeriod, playItems } from '../../test/bets-helper.ts';
import type { TestApp } from '../../test/helper.ts';

// What a slip and its items name is checked once per insert statement (migration 0048), not by a foreign key per row:
// a slip naming a player, game or period that does not exist fails its whole statement, as does an item naming a slip
// or play that does not exist; those names never change; and a player, game, play or slip is never removed, so no
// slip can come to name a row that is gone.
let t: TestApp;
appAtForFile(new Date('2031-03-04T05:06:05Z'), (s) => (t = s.t));

/** One real slip through the API: the row every statement below copies, changing one name. */
async function placedSlip(): Promise<{ id: number }> {
  const token = await guestToken(t.app);
  const period = await openPeriod(t.app, 'df_k3');
  const play = (await playItems(t.app, 'df_k3'))[0];
  const res = await bet(t.app, token, {
    games_id: period.game_id,
    issue: period.issue,
    items: [{ play_id: play?.id, amount: 100 }],
  });
  expect(res.status, res.text).toBe(200);
  return { id: (res.body.data as { id: number }).id };
}

const copySlip = (slipId: number, change: string) =>
  sql`insert into bets (user_id, game_id, period_id, issue, wallet, total, created_at)
      select ${sql.raw(change)}, issue, wallet, total, created_at from bets where id = ${slipId}`;

describe('slip references', () => {
  it('refuses a slip or an item naming a row that does not exist, and a change of what they name', async () => {
    const slip = await placedSlip();
    const before = await t.app.db
      .selectFrom('bets')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    for (const [statement, message] of [
      [copySlip(slip.id, '(select max(id) + 1 from users), game_id, period_id'), /names a player/],
      [copySlip(slip.id, 'user_id, (select max(id) + 1 from games), period_id'), /names a game/],
      [copySlip(slip.id, 'user_id, game_id, (select max(id) + 1 from periods)'), /names a period/],
      // One bad row among good ones fails the statement.
      [
        sql`insert into bets (user_id, game_id, period_id, issue, wallet, total, created_at)
            select case when k = 3 then (select max(id) + 1 from users) else user_id end, game_id, period_id, issue,
                   wallet, total, created_at
              from bets, generate_series(1, 3) k where id = ${slip.id}`,
        /names a player/,
      ],
      [
        sql`insert into bet_items (bet_id, play_item_id, code, group_code, odds_bps, amount)
            select (select max(id) + 1 from bets), play_item_id, code, group_code, odds_bps, amount
              from bet_items where bet_id = ${slip.id}`,
        /names a slip/,
      ],
      [
        sql`insert into bet_items (bet_id, play_item_id, code, group_code, odds_bps, amount)
            select bet_id, (select max(id) + 1 from play_items), code, group_code, odds_bps, amount
              from bet_items where bet_id = ${slip.id}`,
        /names a play/,
      ],
      [sql`update bets set user_id = user_id where id = ${slip.id}`, /never changes/],
      [sql`update bets set period_id = period_id where id = ${slip.id}`, /never changes/],
      [sql`update bet_items set play_item_id = play_item_id where bet_id = ${slip.id}`, /never changes/],
    ] as const) {
      await expect(statement.execute(t.app.db)).rejects.toThrow(message);
    }
    const after = await t.app.db
      .selectFrom('bets')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('never removes nor renumbers a player, a game, a play or a slip', async () => {
    const slip = await placedSlip();
    for (const table of ['users', 'games', 'play_items', 'bets']) {
      for (const statement of [
        sql`delete from ${sql.table(table)} where id = (select max(id) from ${sql.table(table)})`,
        sql`update ${sql.table(table)} set id = default where id = (select max(id) from ${sql.table(table)})`,
        sql`truncate ${sql.table(table)} cascade`,
      ]) {
        await expect(statement.execute(t.app.db), `${table}`).rejects.toThrow(
          /never removed nor renumbered|append-only/,
        );
      }
    }
    expect(await t.app.db.selectFrom('bets').select('id').where('id', '=', slip.id).executeTakeFirst()).toEqual(slip);
  });
});
