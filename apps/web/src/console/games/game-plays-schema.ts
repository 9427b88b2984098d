import { z } from 'zod';
import {
  adminGameLimitRequest,
  adminGameLimitsRequest,
  adminPlaysSaveRequest,
  adminScheduleSaveRequest,
  type AdminGameLimitRequest,
  type AdminGameLimitsRequest,
  type AdminPlay,
  type AdminPlaysSaveRequest,
  type AdminScheduleSaveRequest,
} from '@fairdraw/contract';
import { rtpBelowOneHundred, rtpOfChances } from '@fairdraw/domain/rtp-of-chances';
import { issue } from '../../lib/forms.ts';
import { parseAmount, toAmountText } from '../../lib/money.ts';

/** Odds are shown and typed with four decimals: basis points (×10,000). */
export const ODDS_DECIMALS = 4;
export const oddsText = (bps: number) => toAmountText(bps, ODDS_DECIMALS);

/** A play's row as typed: named as the API names the fields of its errors (`items.<i>.odds_bps` …). */
export type PlayRowValues = { play_id: number; odds_bps: string; min_stake: string; max_stake: string };
export type PlaysValues = { items: PlayRowValues[] };

export const playsValues = (plays: readonly AdminPlay[], exponent: number): PlaysValues => ({
  items: plays.map((p) => ({
    play_id: p.id,
    odds_bps: oddsText(p.next.odds_bps),
    min_stake: toAmountText(p.next.min_stake, exponent),
    max_stake: toAmountText(p.next.max_stake, exponent),
  })),
});

const chancesOf = (p: AdminPlay) => ({
  win: BigInt(p.chances.win),
  push: BigInt(p.chances.push),
  total: BigInt(p.chances.total),
});

/** Typed odds → basis points, or null. */
export function readOdds(text: string): number | null {
  const parsed = parseAmount(text, ODDS_DECIMALS);
  return parsed.kind === 'ok' ? parsed.minor : null;
}

/**
 * The RTP a play would have at typed odds (the domain's exact figure from the play's chances), and whether it stays
 * below 100 %; null when the odds do not read as a number.
 */
export function liveRtp(play: AdminPlay, typed: string): { percent: number; ok: boolean } | null {
  const odds = readOdds(typed);
  if (odds === null) return null;
  const chances = chancesOf(play);
  return { percent: rtpOfChances(chances, odds).percent, ok: rtpBelowOneHundred(chances, odds) };
}

/**
 * Typed rows → the save request, each field's message under it (the keys the API answers): odds above 1.0000 with
 * at most four decimals and an RTP below 100 %, stakes as amounts with max ≥ min; then the contract's schema.
 */
export const playsSchema = ({
  exponent,
  games_id,
  plays,
}: {
  exponent: number;
  games_id: number;
  plays: readonly AdminPlay[];
}) =>
  z
    .object({
      items: z.array(
        z.object({ play_id: z.number(), odds_bps: z.string(), min_stake: z.string(), max_stake: z.string() }),
      ),
    })
    .transform((v, ctx): AdminPlaysSaveRequest => {
      const items = v.items.map((row, i) => {
        const play = plays.find((p) => p.id === row.play_id);
        const odds = readOdds(row.odds_bps);
        if (odds === null || odds <= 10_000) issue(ctx, 'ODDS_INVALID', `items.${i}.odds_bps`);
        else if (play && play.odds_editable && !liveRtp(play, row.odds_bps)?.ok) {
          issue(ctx, 'RTP_TOO_HIGH', `items.${i}.odds_bps`);
        }
        const amount = (field: 'min_stake' | 'max_stake') => {
          const p = parseAmount(row[field], exponent);
          if (p.kind !== 'ok' || p.minor === 0) {
            issue(ctx, p.kind === 'empty' ? 'REQUIRED_FIELDS' : 'AMOUNT_INVALID', `items.${i}.${field}`);
            return 0;
          }
          return p.minor;
        };
        const min = amount('min_stake');
        const max = amount('max_stake');
        if (min > 0 && max > 0 && max < min) issue(ctx, 'AMOUNT_INVALID', `items.${i}.max_stake`);
        return { play_id: row.play_id, odds_bps: odds ?? 0, min_stake: min, max_stake: max };
      });
      return { games_id, items };
    })
    .pipe(adminPlaysSaveRequest);

export type ScheduleValues = { cycle_seconds: string; seal_seconds: string };

const seconds = (ctx: z.RefinementCtx, text: string, field: keyof ScheduleValues): number => {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) {
    issue(ctx, trimmed === '' ? 'REQUIRED_FIELDS' : 'SCHEDULE_INVALID', field);
    return 0;
  }
  return Number(trimmed);
};

/** Cycle and seal in whole seconds, the seal before the draw; then the contract's schema. */
export const scheduleSchema = ({ games_id }: { games_id: number }) =>
  z
    .object({ cycle_seconds: z.string(), seal_seconds: z.string() })
    .transform((v, ctx): AdminScheduleSaveRequest => {
      const cycle = seconds(ctx, v.cycle_seconds, 'cycle_seconds');
      const seal = seconds(ctx, v.seal_seconds, 'seal_seconds');
      if (cycle > 0 && seal >= cycle) issue(ctx, 'SCHEDULE_INVALID', 'seal_seconds');
      return { games_id, cycle_seconds: cycle, seal_seconds: seal };
    })
    .pipe(adminScheduleSaveRequest);

export type LimitValues = { period_max_per_player: string };

/** The per-period limit as an amount, saved over the value shown (`previous`). */
export const limitSchema = ({ exponent, previous }: { exponent: number; previous: number }) =>
  z
    .object({ period_max_per_player: z.string() })
    .transform((v, ctx): AdminGameLimitsRequest => {
      const p = parseAmount(v.period_max_per_player, exponent);
      if (p.kind !== 'ok' || p.minor === 0) {
        issue(ctx, p.kind === 'empty' ? 'REQUIRED_FIELDS' : 'AMOUNT_INVALID', 'period_max_per_player');
      }
      return { period_max_per_player: p.kind === 'ok' ? p.minor : 0, previous };
    })
    .pipe(adminGameLimitsRequest);

export type GameLimitValues = { period_max_per_player: string };

/**
 * A game's own per-period limit as an amount, or empty for none (only the site-wide limit applies), saved over the
 * value shown (`previous`, null for none).
 */
export const gameLimitSchema = ({
  exponent,
  games_id,
  previous,
}: {
  exponent: number;
  games_id: number;
  previous: number | null;
}) =>
  z
    .object({ period_max_per_player: z.string() })
    .transform((v, ctx): AdminGameLimitRequest => {
      const p = parseAmount(v.period_max_per_player, exponent);
      if (p.kind === 'empty') return { games_id, period_max_per_player: null, previous };
      if (p.kind !== 'ok' || p.minor === 0) issue(ctx, 'AMOUNT_INVALID', 'period_max_per_player');
      return { games_id, period_max_per_player: p.kind === 'ok' ? p.minor : 0, previous };
    })
    .pipe(adminGameLimitRequest);
