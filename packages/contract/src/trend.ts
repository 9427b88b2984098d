import { z } from 'zod';
import { queryRowId } from './common.ts';

/**
 * GET /api/game/trend and GET /api/game/long_dragon: the published results of a game summed up per position and per
 * two-sided play (docs/trends.md; the domain's games/trend.ts, roads.ts, long-dragon.ts compute them).
 */

/** The most periods a trend looks back over, and how many it looks at when `limit` is left out. */
export const TREND_LIMIT_MAX = 200;
export const TREND_LIMIT_DEFAULT = 50;

export const trendQuery = z.object({
  games_id: queryRowId('NOT_FOUND'),
  // Refused (VALIDATION_FAILED, field `limit`) outside 1..200, unlike the history's clamped page size: a trend over
  // fewer periods than asked would read as a different trend.
  limit: z.coerce
    .number('VALIDATION_FAILED')
    .int('VALIDATION_FAILED')
    .min(1, 'VALIDATION_FAILED')
    .max(TREND_LIMIT_MAX, 'VALIDATION_FAILED')
    .default(TREND_LIMIT_DEFAULT),
});

export const ROAD_KINDS = ['big-small', 'odd-even', 'dragon-tiger'] as const;
export type RoadKind = (typeof ROAD_KINDS)[number];
/** The side a result falls on; `tie` (SSC dragon/tiger), `triple` (K3) and `push` (Mark Six 49): neither side. */
export const ROAD_SIDES = ['big', 'small', 'odd', 'even', 'dragon', 'tiger', 'tie', 'triple', 'push'] as const;
export type RoadSide = (typeof ROAD_SIDES)[number];

const numberStat = z.object({
  number: z.number().int(),
  /** Periods of the window in which the position showed this number. */
  count: z.number().int(),
  /** Periods drawn since it last showed it: 0 = the latest; the window's size = not within the window. */
  missing: z.number().int(),
});

export const trendPosition = z.object({
  /** `pos1`… (a car, digit, die or ball in draw order), `sum` (K3, Lucky 28) or `special` (Mark Six). */
  key: z.string(),
  numbers: z.array(numberStat),
  /** The most frequent numbers, most first; `cold`, the least frequent. */
  hot: z.array(z.number().int()),
  cold: z.array(z.number().int()),
});
export type TrendPosition = z.infer<typeof trendPosition>;

export const roadStreak = z.object({
  side: z.enum(ROAD_SIDES),
  /** Periods in a row, up to the latest, on this side. */
  length: z.number().int(),
  /** The code of the play that wins on this side, null where none does. */
  play: z.string().nullable(),
});

export const trendRoad = z.object({
  /** `<subject>.<kind>`, e.g. `pos3.big-small`. */
  key: z.string(),
  /** A position (`pos3`), `sum`, `total` (SSC) or `special` (Mark Six). */
  subject: z.string(),
  kind: z.enum(ROAD_KINDS),
  /** The side of each period of the window, oldest first. */
  sides: z.array(z.enum(ROAD_SIDES)),
  streak: roadStreak.nullable(),
});
export type TrendRoad = z.infer<typeof trendRoad>;

export const trend = z.object({
  games_id: z.number().int(),
  code: z.string(),
  family: z.string(),
  limit: z.number().int(),
  /** Drawn periods in the window (fewer than `limit` on a young game). */
  periods: z.number().int(),
  /** The latest drawn period the trend includes, null before the first draw. */
  latest_issue: z.string().nullable(),
  positions: z.array(trendPosition),
  roads: z.array(trendRoad),
});
export type Trend = z.infer<typeof trend>;

/** One streak of the long dragon: a road of an enabled game whose current streak is 5 periods or more. */
export const longDragonItem = z.object({
  games_id: z.number().int(),
  code: z.string(),
  family: z.string(),
  /** The web route of the game's page (with `?type=<code>&category_id=<games_id>`), null for a code it has none for. */
  route: z.string().nullable(),
  /** The latest drawn period of the game. */
  issue: z.string(),
  road: z.string(),
  subject: z.string(),
  kind: z.enum(ROAD_KINDS),
  side: z.enum(ROAD_SIDES),
  length: z.number().int(),
  play: z.string().nullable(),
});
export type LongDragonItem = z.infer<typeof longDragonItem>;
