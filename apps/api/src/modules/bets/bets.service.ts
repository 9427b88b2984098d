/**
 * Betting (games.md, trust.md 5–8): a slip of items on the current open period of one game, accepted or refused
 * whole. Players stake cash, guests demo money. The checks run in a fixed order so the first unmet rule is the
 * answer: zero amounts → game → period open and before its seal (server clock) → plays → Mark Six numbers →
 * stake limits → per-period limit → balance. The slip, its items (odds fixed for the period's draw date) and the
 * stake posting 'stake' / 'bet:<id>' commit together, with the period row held FOR SHARE so the seal cannot
 * interleave.
 */
import { findPlay, formatAmount, minor, stakePlaced } from '@fairdraw/domain';
import type { CurrencyCode, GameFamily, Play } from '@fairdraw/domain';
import type { BetItem, BetListQuery, BetRequest, BetSlip, Lang, Paged } from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db, LocalizedText } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { ALL_IN_TEMPLATES } from '../draws/draws.seed.ts';
import { groupName, resolvePlay, translatePlayText } from '../draws/play-items.service.ts';
import { parseIssue } from '../draws/schedule.ts';
import * as repo from './bets.repository.ts';
import type { BetItemRow, SlipRow } from './bets.repository.ts';

export type BetContext = { currency: CurrencyCode; lang: Lang; now: () => Date };

const MAX_ID = 2_147_483_647;
export const BET_PERIOD_MAX_DEFAULT = 20_000_000;

/** The draw date (YYYY-MM-DD) of a period: its issue's date, which decides Mark Six zodiac plays. */
export function drawDateOf(issue: string): string {
  const parsed = parseIssue(issue);
  if (!parsed) throw new Error(`not an issue: ${issue}`);
  return parsed.date;
}

async function numberSetting(db: Db, key: string, fallback: number): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  const v: unknown = row?.value;
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : fallback;
}

/** The play a stored bet item stands for (its full code, e.g. 'ms.all2.3-17', and the period's draw date). */
export function playOfItem(family: GameFamily, code: string, drawDate: string): Play | undefined {
  return findPlay(family, code, drawDate);
}

type ResolvedItem = {
  play_item_id: number;
  code: string;
  group_code: string;
  numbers: number[] | null;
  odds_bps: number;
  amount: number;
};

export async function placeBet(db: Db, user: SessionUser, input: BetRequest, ctx: BetContext): Promise<BetSlip> {
  if (input.items.some((i) => i.amount === 0)) throw new AppError('ZERO_AMOUNT_BET', { field: 'items' });

  const game =
    input.games_id <= MAX_ID
      ? await db
          .selectFrom('games')
          .select(['id', 'family', 'enabled'])
          .where('id', '=', input.games_id)
          .executeTakeFirst()
      : undefined;
  if (!game || !game.enabled) throw new AppError('GAME_NOT_FOUND', { field: 'games_id' });
  const family = game.family as GameFamily;

  const period = await repo.findPeriodForBet(db, game.id, input.issue);
  const checkWindow = (p: { status: string; seal_at: Date } | undefined) => {
    if (!p) throw new AppError('PERIOD_NOT_CURRENT', { field: 'issue' });
    if (['sealed', 'drawn', 'settled'].includes(p.status)) throw new AppError('PERIOD_SEALED', { field: 'issue' });
    if (p.status !== 'open') throw new AppError('PERIOD_NOT_CURRENT', { field: 'issue' });
    if (ctx.now().getTime() >= p.seal_at.getTime()) throw new AppError('PERIOD_SEALED', { field: 'issue' });
  };
  checkWindow(period);
  if (!period) throw new AppError('PERIOD_NOT_CURRENT');
  const drawDate = drawDateOf(period.issue);

  const playIds = [...new Set(input.items.map((i) => i.play_id).filter((id) => id <= MAX_ID))];
  const rows =
    playIds.length === 0
      ? []
      : await db
          .selectFrom('play_items')
          .select(['id', 'code', 'group_code', 'odds_bps', 'min_stake', 'max_stake'])
          .where('game_id', '=', game.id)
          .where('enabled', '=', true)
          .where('id', 'in', playIds)
          .execute();
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const found = input.items.map((item) => {
    const row = rowOf.get(item.play_id);
    if (!row) throw new AppError('PLAY_NOT_FOUND', { field: 'play_id' });
    return { item, row };
  });

  const resolved: ResolvedItem[] = found.map(({ item, row }) => {
    const allIn = family === 'marksix' ? ALL_IN_TEMPLATES.find((t) => t.code === row.code) : undefined;
    let code = row.code;
    let numbers: number[] | null = null;
    if (allIn) {
      const chosen = item.numbers ?? [];
      const sorted = [...chosen].sort((a, b) => a - b);
      const distinct = new Set(sorted).size === sorted.length;
      if (sorted.length !== allIn.count || !distinct || sorted.some((n) => !Number.isInteger(n) || n < 1 || n > 49)) {
        throw new AppError('NUMBERS_INVALID', { field: 'numbers' });
      }
      code = `${allIn.code}.${sorted.join('-')}`;
      numbers = sorted;
    } else if (item.numbers !== undefined) {
      throw new AppError('NUMBERS_INVALID', { field: 'numbers' });
    }
    const r = resolvePlay(family, { code, group_code: row.group_code, odds_bps: row.odds_bps }, drawDate);
    if (!r) throw new AppError(allIn ? 'NUMBERS_INVALID' : 'PLAY_NOT_FOUND', { field: 'play_id' });
    return {
      play_item_id: row.id,
      code,
      group_code: row.group_code,
      numbers,
      odds_bps: r.odds,
      amount: item.amount,
    };
  });

  for (const { item, row } of found) {
    if (item.amount < row.min_stake) {
      throw new AppError('STAKE_BELOW_MIN', {
        field: 'amount',
        params: { min: formatAmount(row.min_stake, ctx.currency) },
      });
    }
    if (item.amount > row.max_stake) {
      throw new AppError('STAKE_ABOVE_MAX', {
        field: 'amount',
        params: { max: formatAmount(row.max_stake, ctx.currency) },
      });
    }
  }

  const total = resolved.reduce((s, i) => s + i.amount, 0);
  const periodMax = await numberSetting(db, 'bet_period_max_per_player', BET_PERIOD_MAX_DEFAULT);
  const limitError = () =>
    new AppError('PERIOD_LIMIT_REACHED', { field: 'items', params: { max: formatAmount(periodMax, ctx.currency) } });
  if (!Number.isSafeInteger(total) || total + (await repo.stakedOnPeriod(db, user.id, period.id)) > periodMax) {
    throw limitError();
  }

  const wallet = user.isGuest || user.role === 'guest' ? 'demo' : 'cash';
  const slipId = await db.transaction().execute(async (trx) => {
    // Re-checked under the lock with a fresh reading of the clock: the seal may have happened meanwhile.
    checkWindow(await repo.lockPeriodShared(trx, period.id));
    const slip = await trx
      .insertInto('bets')
      .values({
        user_id: user.id,
        game_id: game.id,
        period_id: period.id,
        issue: period.issue,
        wallet,
        total,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('bet_items')
      .values(resolved.map((i) => ({ ...i, bet_id: slip.id })))
      .execute();
    // INSUFFICIENT_BALANCE rolls everything back. The posting also locks the player's wallet row until commit, so
    // the player's slips on this period are counted one after another just below (no race past the limit).
    await postTransaction(trx, stakePlaced(user.id, wallet, minor(total)), `bet:${slip.id}`);
    if ((await repo.stakedOnPeriod(trx, user.id, period.id)) > periodMax) throw limitError();
    return slip.id;
  });
  const [slip] = await slipsWithItems(db, [slipId], ctx.lang);
  if (!slip) throw new Error(`bet ${slipId} missing after insert`);
  return slip;
}

function toItem(lang: Lang, family: GameFamily, drawDate: string, i: BetItemRow): BetItem {
  const play = playOfItem(family, i.code, drawDate);
  return {
    id: i.id,
    play_id: i.play_item_id,
    code: i.code,
    name: play ? translatePlayText(lang, play.nameKey, play.nameParams, play.name) : i.code,
    group: groupName(lang, family, i.group_code),
    numbers: i.numbers,
    odds: i.odds_bps / 10_000,
    odds_bps: i.odds_bps,
    amount: i.amount,
    status: i.status,
    payout: i.payout,
  };
}

function toSlip(lang: Lang, s: SlipRow, items: BetItemRow[]): BetSlip {
  const family = s.family as GameFamily;
  const drawDate = drawDateOf(s.issue);
  return {
    id: s.id,
    games_id: s.game_id,
    game_code: s.game_code,
    game_name: localize(s.game_name as LocalizedText, lang),
    issue: s.issue,
    wallet: s.wallet,
    total: s.total,
    status: s.status,
    payout: s.payout,
    result: s.result,
    created_at: s.created_at.getTime(),
    settled_at: s.settled_at ? s.settled_at.getTime() : null,
    items: items.map((i) => toItem(lang, family, drawDate, i)),
  };
}

async function slipsWithItems(db: Db, ids: readonly number[], lang: Lang): Promise<BetSlip[]> {
  const [slips, items] = await Promise.all([repo.slipsByIds(db, ids), repo.itemsOf(db, ids)]);
  return slips.map((s) =>
    toSlip(
      lang,
      s,
      items.filter((i) => i.bet_id === s.id),
    ),
  );
}

/** GET /api/bet/list: the caller's own slips, newest first. */
export async function listOwnBets(db: Db, userId: number, query: BetListQuery, lang: Lang): Promise<Paged<BetSlip>> {
  const ids = await repo.listUserSlipIds(
    db,
    userId,
    { status: query.status, gameId: query.games_id },
    query.page,
    query.limit,
  );
  const pageIds = ids.slice(0, query.limit);
  return {
    list: await slipsWithItems(db, pageIds, lang),
    page: query.page,
    limit: query.limit,
    has_more: ids.length > query.limit,
  };
}
