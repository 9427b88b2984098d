/**
 * Betting (docs/trust.md 5–8): a slip of items on the current open period of one game, accepted or refused
 * whole. Players stake cash, guests demo money. The checks run in a fixed order so the first unmet rule is the
 * answer: zero amounts → game → period open and before its seal (server clock) → plays → Mark Six numbers →
 * stake limits → per-period limit → balance. prepareSlip runs the checks that need no lock; the slip is then
 * committed together with other players' slips (slip-batch.ts): its items (odds fixed for the period's draw date)
 * and the stake posting 'stake' / 'bet:<id>' in one transaction that holds the period row FOR SHARE (the seal
 * cannot interleave) and the wallets locked by the ledger (the limit and the balance are decided there).
 */
import { findPlay, reportRange } from '@fairdraw/domain';
import type { CurrencyCode, GameFamily, Play } from '@fairdraw/domain';
import type { BetItem, BetListQuery, BetRequest, BetSlip, Lang, Paged } from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db, LocalizedText } from '../../db/database.ts';
import { AppError, moneyParam } from '../../lib/app-error.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import type { IdempotencyClaim } from '../../lib/idempotency-claim.ts';
import type { Outcome } from '../../lib/batch-queue.ts';
import { groupName, resolvePlay, translatePlayText } from '../draws/play-items.service.ts';
import { resultZodiac } from '../draws/periods.service.ts';
import { ALL_IN_TEMPLATES, parseIssue } from '../draws/draws.service.ts';
import * as repo from './bets.repository.ts';
import type { BetItemRow, SlipRow } from './bets.repository.ts';
import type { BetCatalog } from './bet-catalog.ts';
import { commitSlips, windowError } from './slip-batch.ts';
import type { CommittedSlip, PreparedSlip, SlipItem } from './slip-batch.ts';
import type { SlipIds } from './slip-ids.ts';

export type BetContext = { currency: CurrencyCode; timeZone: string; lang: Lang; now: () => Date };

const MAX_ID = 2_147_483_647;

/** The draw date (YYYY-MM-DD) of a period: its issue's date, which decides Mark Six zodiac plays. */
export function drawDateOf(issue: string): string {
  const parsed = parseIssue(issue);
  if (!parsed) throw new Error(`not an issue: ${issue}`);
  return parsed.date;
}

/** The play a stored bet item stands for (its full code, e.g. 'ms.all2.3-17', and the period's draw date). */
export function playOfItem(family: GameFamily, code: string, drawDate: string): Play | undefined {
  return findPlay(family, code, drawDate);
}

/** Takes checked slips and answers each with its committed rows or its refusal (bets.routes.ts: a BatchQueue). */
export type SlipCommitter = (slip: PreparedSlip) => Promise<CommittedSlip>;

/**
 * Commits a batch with commitSlips; if the batch as a whole fails (not a refusal of one slip: those are outcomes),
 * each slip is committed alone, one after another, so only the slip at fault gets the error.
 */
export async function commitBatch(
  db: Db,
  slips: readonly PreparedSlip[],
  now: () => Date,
  ids?: SlipIds,
): Promise<Outcome<CommittedSlip>[]> {
  try {
    return await commitSlips(db, slips, now, ids);
  } catch (error) {
    if (slips.length === 1) return [{ ok: false, error }];
    const outcomes: Outcome<CommittedSlip>[] = [];
    for (const slip of slips) {
      try {
        outcomes.push(...(await commitSlips(db, [slip], now, ids)));
      } catch (e) {
        outcomes.push({ ok: false, error: e });
      }
    }
    return outcomes;
  }
}

/**
 * Every check of a slip that needs no lock, in the documented order; the period window is checked here against
 * the clock and again under the period's lock when the slip is committed (slip-batch.ts), as are the per-period
 * limit and the balance.
 */
export async function prepareSlip(
  catalog: BetCatalog,
  user: SessionUser,
  input: BetRequest,
  ctx: BetContext,
): Promise<PreparedSlip> {
  // A frozen player is refused first (the session's view; the batch's transaction checks it again under a lock).
  if (user.frozen) throw new AppError('ACCOUNT_FROZEN');
  if (input.items.some((i) => i.amount === 0)) throw new AppError('ZERO_AMOUNT_BET', { field: 'items' });

  const game = input.games_id <= MAX_ID ? await catalog.game(input.games_id) : undefined;
  if (!game || !game.enabled) throw new AppError('GAME_NOT_FOUND', { field: 'games_id' });
  const family = game.family as GameFamily;

  const period = await catalog.period(game.id, input.issue);
  const closed = windowError(period, ctx.now());
  if (closed) throw closed;
  if (!period) throw new AppError('PERIOD_NOT_CURRENT');
  const drawDate = drawDateOf(period.issue);

  const rowOf = await catalog.plays(game.id, period);
  const found = input.items.map((item) => {
    const row = rowOf.get(item.play_id);
    if (!row) throw new AppError('PLAY_NOT_FOUND', { field: 'play_id' });
    return { item, row };
  });

  const items: SlipItem[] = found.map(({ item, row }) => {
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
        params: { min: moneyParam(row.min_stake, ctx.currency) },
      });
    }
    if (item.amount > row.max_stake) {
      throw new AppError('STAKE_ABOVE_MAX', {
        field: 'amount',
        params: { max: moneyParam(row.max_stake, ctx.currency) },
      });
    }
  }

  const total = items.reduce((s, i) => s + i.amount, 0);
  if (!Number.isSafeInteger(total)) throw new AppError('AMOUNT_INVALID', { field: 'items' });

  return {
    userId: user.id,
    wallet: user.isGuest || user.role === 'guest' ? 'demo' : 'cash',
    game: { id: game.id, code: game.code, family, name: game.name, cancelEnabled: game.cancel_enabled },
    period: { id: period.id, issue: period.issue },
    items,
    total,
    currency: ctx.currency,
    timeZone: ctx.timeZone,
  };
}

/**
 * POST /api/game/bet: checks the slip, has `commit` commit it (with other players' slips), answers the slip as
 * placed: open, its period before its seal at the time it was placed. With a key, `answerText` makes the text the key
 * is first answered with, which the batch stores with the key (slip-batch.ts): the answer is then that text.
 */
export async function placeBet(
  catalog: BetCatalog,
  commit: SlipCommitter,
  user: SessionUser,
  input: BetRequest,
  ctx: BetContext,
  claim: IdempotencyClaim | null = null,
  answerText?: (slip: BetSlip) => string,
): Promise<{ slip: BetSlip } | { text: string }> {
  const prepared = await prepareSlip(catalog, user, input, ctx);
  // The period prepareSlip read (kept by the catalog while open): its seal and draw times for the answer.
  const period = await catalog.period(prepared.game.id, prepared.period.issue);
  if (!period) throw new Error(`period ${prepared.period.issue} of a slip not found`);
  const answer = ({ slip, items }: CommittedSlip): BetSlip =>
    toSlip(
      ctx.lang,
      {
        ...slip,
        game_code: prepared.game.code,
        family: prepared.game.family,
        game_name: prepared.game.name,
        cancel_enabled: prepared.game.cancelEnabled,
        result: null,
        // The batch placed it under the period's lock, open and before its seal at slip.created_at.
        period_status: 'open',
        seal_at: period.seal_at,
        draw_at: period.draw_at,
      },
      items,
      slip.created_at,
    );
  const committed = await commit(
    claim ? { ...prepared, claim, answer: answerText && ((c) => answerText(answer(c))) } : prepared,
  );
  return committed.text !== undefined ? { text: committed.text } : { slip: answer(committed) };
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

/**
 * Whether the player may cancel the slip at `now`: unsettled, its game allows it and its period still takes bets (the
 * cancel checks this again under the period's lock).
 */
function cancellableAt(s: SlipRow, now: Date): boolean {
  return (
    s.status === 'unsettled' && s.cancel_enabled && s.period_status === 'open' && now.getTime() < s.seal_at.getTime()
  );
}

function toSlip(lang: Lang, s: SlipRow, items: BetItemRow[], now: Date): BetSlip {
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
    ...(s.result ? resultZodiac(family, s.issue, s.result) : {}),
    draw_at: s.draw_at.getTime(),
    seal_at: s.seal_at.getTime(),
    cancellable: cancellableAt(s, now),
    created_at: s.created_at.getTime(),
    settled_at: s.settled_at ? s.settled_at.getTime() : null,
    items: items.map((i) => toItem(lang, family, drawDate, i)),
  };
}

async function slipsWithItems(db: Db, ids: readonly number[], lang: Lang, now: Date): Promise<BetSlip[]> {
  const [slips, items] = await Promise.all([repo.slipsByIds(db, ids), repo.itemsOf(db, ids)]);
  return slips.map((s) =>
    toSlip(
      lang,
      s,
      items.filter((i) => i.bet_id === s.id),
      now,
    ),
  );
}

/**
 * A slip as it stands now, by id (an idempotent replay answers with the slip its key placed; a cancel with the slip
 * it cancelled); `now` decides whether it can still be cancelled.
 */
export async function slipById(db: Db, betId: number, lang: Lang, now: Date): Promise<BetSlip | undefined> {
  const [slip] = await slipsWithItems(db, [betId], lang, now);
  return slip;
}

/**
 * GET /api/bet/list: the caller's own slips, newest first, by status, game and the day range they were placed in
 * (days of the business time zone, as the recharge records count them).
 */
export async function listOwnBets(
  db: Db,
  userId: number,
  query: BetListQuery,
  ctx: { lang: Lang; timeZone: string; now: Date },
): Promise<Paged<BetSlip>> {
  const ids = await repo.listUserSlipIds(
    db,
    userId,
    {
      status: query.status,
      gameId: query.games_id,
      placed: query.range ? reportRange(query.range, ctx.now, ctx.timeZone) : undefined,
    },
    query.page,
    query.limit,
  );
  const pageIds = ids.slice(0, query.limit);
  return {
    list: await slipsWithItems(db, pageIds, ctx.lang, ctx.now),
    page: query.page,
    limit: query.limit,
    has_more: ids.length > query.limit,
  };
}
