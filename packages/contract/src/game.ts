import { ZODIACS } from '@fairdraw/domain/zodiac';
import { z } from 'zod';
import { queryRowId } from './common.ts';

/** The seven game codes (the domain's GAMES). Other codes may exist in the database; the web shows their name. */
export const GAME_CODES = ['df_pk10', 'df_pk10_3', 'df_pk10_5', 'df_k3', 'xam_6', 'xy_28', 'df_ssc'] as const;
export type GameCode = (typeof GAME_CODES)[number];

export const gameTile = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  image: z.string(),
  family: z.string(),
  category_id: z.number().int(),
});
export type GameTile = z.infer<typeof gameTile>;

export const gameCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  games: z.array(gameTile),
});
export type GameCategory = z.infer<typeof gameCategory>;

// ---- Periods, draws and plays ----

/** A game id in a query string (games_id, group_id): out of range, like an unknown game, is NOT_FOUND. */
const queryId = queryRowId('NOT_FOUND');

/** Issue numbers: `YYYYMMDD-NNNN`, the business date of the draw and its slot in the day. */
export const ISSUE_PATTERN = /^\d{8}-\d{4}$/;

export const PERIOD_STATUSES = ['scheduled', 'open', 'sealed', 'drawn', 'settled', 'void'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

export const gameIdQuery = z.object({ games_id: queryId });

/** GET /api/game/events: one game's stream, or every enabled game's when `games_id` is left out (the lobby). */
export const gameEventsQuery = z.object({ games_id: queryId.optional() });

export const playItemsQuery = z.object({ group_id: queryId });

export const historyQuery = z.object({
  games_id: queryId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  // Capped at 50: a larger limit is clamped, not refused.
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(20)
    .transform((n) => Math.min(n, 50)),
});

export const verifyQuery = z.object({
  games_id: queryId,
  issue: z
    .string({ error: (issue) => (issue.input === undefined ? 'REQUIRED_FIELDS' : 'VALIDATION_FAILED') })
    .max(20, 'VALIDATION_FAILED')
    .regex(ISSUE_PATTERN, 'VALIDATION_FAILED'),
});

/** A play the player can bet on, odds decimal (1.98) and in ten-thousandths (19800), stakes in minor units. */
const playItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  odds: z.number(),
  odds_bps: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  /** Return to player in percent, two decimals (domain playRtp). */
  rtp: z.number(),
});
export type PlayItem = z.infer<typeof playItem>;

export const playGroup = z.object({
  group: z.object({ code: z.string(), name: z.string() }),
  items: z.array(playItem),
});
export type PlayGroup = z.infer<typeof playGroup>;

/** The twelve animals of the Mark Six zodiac, in cycle order: the domain's list. */
export const MARK_SIX_ZODIACS = ZODIACS;
export type MarkSixZodiac = (typeof MARK_SIX_ZODIACS)[number];

/**
 * Mark Six only: the animal of each drawn number, in result order, as of the period's draw date (the table changes
 * at Chinese New Year). Absent for the other families.
 */
const resultZodiac = z.array(z.enum(MARK_SIX_ZODIACS)).optional();

/** The last drawn period, seed revealed. */
export const lastDraw = z.object({
  issue: z.string(),
  result: z.array(z.number().int()),
  zodiac: resultZodiac,
  seed: z.string(),
  commitment: z.string(),
});

/** The current period of a game (the one whose draw is next) and the last drawn one; times in epoch ms. */
export const currentGame = z.object({
  games_id: z.number().int(),
  code: z.string(),
  issue: z.string().nullable(),
  status: z.enum(PERIOD_STATUSES).nullable(),
  open_at: z.number().int().nullable(),
  seal_at: z.number().int().nullable(),
  draw_at: z.number().int().nullable(),
  server_time: z.number().int(),
  commitment: z.string().nullable(),
  algorithm: z.string(),
  last: lastDraw.nullable(),
});
export type CurrentGame = z.infer<typeof currentGame>;

/** A drawn period of the history list: the seed is published beside its commitment. */
export const historyItem = z.object({
  issue: z.string(),
  result: z.array(z.number().int()),
  zodiac: resultZodiac,
  seed: z.string(),
  commitment: z.string(),
  algorithm: z.string(),
  beacon: z.string().nullable(),
  draw_at: z.number().int(),
});
export type HistoryItem = z.infer<typeof historyItem>;

/**
 * The head of a period's public record, as the verify page and the console's draws audit both show it: its game,
 * issue, status and commitment. The seed is null until the period has a result: it stays secret before, for
 * operators too.
 */
export const periodRecordFields = {
  games_id: z.number().int(),
  code: z.string(),
  family: z.string(),
  issue: z.string(),
  status: z.enum(PERIOD_STATUSES),
  algorithm: z.string(),
  commitment: z.string(),
  seed: z.string().nullable(),
};

/** The public record of one period and whether it verifies (SHA-256(seed) = commitment, result recomputed). */
export const verifyRecord = z.object({
  ...periodRecordFields,
  beacon_name: z.string().nullable(),
  beacon: z.string().nullable(),
  result: z.array(z.number().int()).nullable(),
  open_at: z.number().int(),
  seal_at: z.number().int(),
  draw_at: z.number().int(),
  drawn_at: z.number().int().nullable(),
  void_reason: z.string().nullable(),
  verified: z.boolean(),
});
export type VerifyRecord = z.infer<typeof verifyRecord>;

/**
 * Server-Sent Events of GET /api/game/events (event name → data). `settled`: a period's bets are settled and paid,
 * data `{ games_id, issue }`.
 */
export const GAME_EVENTS = ['time', 'period', 'seal', 'result', 'next', 'settled'] as const;
export type GameEventName = (typeof GAME_EVENTS)[number];
