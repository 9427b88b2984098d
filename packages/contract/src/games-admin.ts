import { z } from 'zod';
import { minorAmount, required, rowId } from './common.ts';
import { gameIdQuery } from './game.ts';

/**
 * The console's Games screen (apps/api modules/games README). A change of odds, stakes or schedule applies
 * from a period that has not opened yet; enabling a game and the per-period limits (site-wide and per game) apply at
 * once. Nothing here names a seed or a result.
 */

/** A game as the console lists it, with its schedule (the one in force today and the next one saved, if any). */
export const adminGame = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  family: z.string(),
  enabled: z.boolean(),
  cycle_seconds: z.number().int(),
  seal_seconds: z.number().int(),
  /** 'HH:MM' for a once-a-day draw (Mark Six), whose cycle cannot be changed; else null. */
  daily_at: z.string().nullable(),
  /** The schedule saved for a later day, or null. */
  next_schedule: z
    .object({
      effective_date: z.string(),
      cycle_seconds: z.number().int(),
      seal_seconds: z.number().int(),
    })
    .nullable(),
  /** The issue of the period being bet on now, or null. */
  current_issue: z.string().nullable(),
  /**
   * The game's own limit on what a player may stake on one of its periods (minor units), or null: only the
   * site-wide one applies. The lower of the two binds a slip.
   */
  period_max_per_player: minorAmount.nullable(),
  /** Whether players may cancel a slip of this game before its period's seal. */
  cancel_enabled: z.boolean(),
});
export type AdminGame = z.infer<typeof adminGame>;

export const adminGames = z.object({
  games: z.array(adminGame),
  /** Most a player may stake on one period (minor units), every game (a game's own limit may be lower). */
  period_max_per_player: minorAmount,
  /** GAME_CYCLE_OVERRIDE_SECONDS when set (tests, demos): every cycle game then draws that often instead. */
  cycle_override_seconds: z.number().int().nullable(),
});
export type AdminGames = z.infer<typeof adminGames>;

/** Settings of a play: odds in basis points (×10,000) and stake limits per bet item. */
const playSettings = z.object({ odds_bps: z.number().int(), min_stake: minorAmount, max_stake: minorAmount });

/**
 * A play in the console: the settings of the period being bet on (`current`) and those the next period that has not
 * opened gets (`next`); `chances`: the weighted counts of win, push and all outcomes over the play's whole outcome
 * space (domain playChances), from which the console computes the RTP at any odds (domain rtpAtOdds).
 * `odds_editable` false: Mark Six zodiac plays, whose odds the domain sets for the draw date.
 */
export const adminPlay = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  group: z.string(),
  group_name: z.string(),
  odds_editable: z.boolean(),
  current: playSettings,
  next: playSettings,
  /** When `next` starts (ms), or null when it is the same as `current`. */
  next_from: z.number().int().nullable(),
  chances: z.object({ win: z.number().int(), push: z.number().int(), total: z.number().int() }),
});
export type AdminPlay = z.infer<typeof adminPlay>;

export const adminPlaysQuery = gameIdQuery;
export const adminPlays = z.object({ games_id: z.number().int(), plays: z.array(adminPlay) });
export type AdminPlays = z.infer<typeof adminPlays>;

/** Odds as the console sends them: above 1.0000 (10,000 bps) and at most 10,000,000.0000. */
const oddsBps = z
  .number(required)
  .int('VALIDATION_FAILED')
  .min(10_001, 'ODDS_INVALID')
  .max(100_000_000_000, 'ODDS_INVALID');
const stake = z
  .number(required)
  .int('VALIDATION_FAILED')
  .min(1, 'AMOUNT_INVALID')
  .max(Number.MAX_SAFE_INTEGER, 'AMOUNT_INVALID');

export const adminPlaysSaveRequest = z.object({
  games_id: rowId('GAME_NOT_FOUND'),
  items: z
    .array(
      z.object({
        play_id: rowId('PLAY_NOT_FOUND'),
        odds_bps: oddsBps,
        min_stake: stake,
        max_stake: stake,
      }),
    )
    .min(1, 'VALIDATION_FAILED')
    .max(2000, 'VALIDATION_FAILED'),
});
export type AdminPlaysSaveRequest = z.infer<typeof adminPlaysSaveRequest>;

export const adminGameEnableRequest = z.object({ games_id: rowId('GAME_NOT_FOUND'), enabled: z.boolean(required) });
export type AdminGameEnableRequest = z.infer<typeof adminGameEnableRequest>;

/** Lets players cancel a game's slips before the seal, or not (at once). */
export const adminGameCancelRequest = z.object({
  games_id: rowId('GAME_NOT_FOUND'),
  cancel_enabled: z.boolean(required),
});
export type AdminGameCancelRequest = z.infer<typeof adminGameCancelRequest>;

export const adminScheduleSaveRequest = z.object({
  games_id: rowId('GAME_NOT_FOUND'),
  cycle_seconds: z
    .number(required)
    .int('VALIDATION_FAILED')
    .min(10, 'SCHEDULE_INVALID')
    .max(86_400, 'SCHEDULE_INVALID'),
  seal_seconds: z.number(required).int('VALIDATION_FAILED').min(0, 'SCHEDULE_INVALID').max(86_399, 'SCHEDULE_INVALID'),
});
export type AdminScheduleSaveRequest = z.infer<typeof adminScheduleSaveRequest>;

/**
 * The per-period limit, with the value the operator saw (`previous`): a save over a value changed meanwhile is
 * refused (SETTINGS_CHANGED), so two operators never overwrite each other unseen.
 */
export const adminGameLimitsRequest = z.object({
  period_max_per_player: z
    .number(required)
    .int('VALIDATION_FAILED')
    .min(1, 'AMOUNT_INVALID')
    .max(Number.MAX_SAFE_INTEGER, 'AMOUNT_INVALID'),
  previous: z
    .number(required)
    .int('VALIDATION_FAILED')
    .min(0, 'VALIDATION_FAILED')
    .max(Number.MAX_SAFE_INTEGER, 'VALIDATION_FAILED'),
});
export type AdminGameLimitsRequest = z.infer<typeof adminGameLimitsRequest>;

/** A game's own per-period limit, or null for none (only the site-wide one applies). */
const gamePeriodMax = z
  .number(required)
  .int('VALIDATION_FAILED')
  .min(1, 'AMOUNT_INVALID')
  .max(Number.MAX_SAFE_INTEGER, 'AMOUNT_INVALID')
  .nullable();

/**
 * One game's own per-period limit (null clears it), with the value the operator saw (`previous`, null for none): a
 * save over a value changed meanwhile is refused (SETTINGS_CHANGED), as for the site-wide limit.
 */
export const adminGameLimitRequest = z.object({
  games_id: rowId('GAME_NOT_FOUND'),
  period_max_per_player: gamePeriodMax,
  previous: z
    .number(required)
    .int('VALIDATION_FAILED')
    .min(1, 'VALIDATION_FAILED')
    .max(Number.MAX_SAFE_INTEGER, 'VALIDATION_FAILED')
    .nullable(),
});
export type AdminGameLimitRequest = z.infer<typeof adminGameLimitRequest>;
