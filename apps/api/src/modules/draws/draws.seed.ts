import { findGame, markSixAllIn, playsOf } from '@fairdraw/domain';
import type { Db } from '../../db/database.ts';
import { readSettings } from '../../db/settings.ts';
import * as repo from './draws.repository.ts';
import { insertPlayItemsIfMissing } from './play-items.repository.ts';
import { localDate } from './schedule.ts';

export const BET_SETTING_DEFAULTS = { minStake: 100, maxStake: 5_000_000 } as const;

/**
 * Schedules and play items for every game of the domain catalogue that exists in `games` and has none yet
 * (idempotent: rows an operator changed are left alone). Mark Six plays are listed as of `now`'s lunar year; the
 * zodiac plays' odds are resolved per period at betting time (see play-items.service.ts `resolvePlay`).
 * All-in plays (ms.all2.*, ms.all3.*) are not rows: their numbers come with the bet (findPlay builds them).
 */
export async function seedDraws(db: Db, now: Date, timeZone: string): Promise<void> {
  const games = await repo.allGames(db);
  const settings = await readSettings(db, ['bet_min_stake', 'bet_max_stake']);
  const minStake = settings.bet_min_stake ?? BET_SETTING_DEFAULTS.minStake;
  const maxStake = settings.bet_max_stake ?? BET_SETTING_DEFAULTS.maxStake;
  for (const g of games) {
    const def = findGame(g.code);
    if (!def || def.family !== g.family) continue;
    await repo.insertScheduleIfMissing(db, {
      game_id: g.id,
      cycle_seconds: def.cycleSeconds,
      seal_seconds: def.sealSeconds,
      daily_at: def.dailyAt,
      time_zone: null,
    });
    const plays = playsOf(def.family, localDate(now.getTime(), timeZone));
    await insertPlayItemsIfMissing(
      db,
      plays.map((p, sort) => ({
        game_id: g.id,
        code: p.code,
        group_code: p.group,
        odds_bps: p.odds,
        min_stake: minStake,
        max_stake: maxStake,
        sort,
      })),
    );
    if (def.family === 'marksix') {
      // All-in plays: one row each for "two all-in" and "three all-in" (codes 'ms.all2' / 'ms.all3'); a bet on
      // one names it by play_id and brings its numbers, and the bet item stores the full code ('ms.all2.3-17').
      await insertPlayItemsIfMissing(
        db,
        ALL_IN_TEMPLATES.map((t, i) => ({
          game_id: g.id,
          code: t.code,
          group_code: 'all-in',
          odds_bps: markSixAllIn(t.sample).odds,
          min_stake: minStake,
          max_stake: maxStake,
          sort: plays.length + i,
        })),
      );
    }
  }
}

/** The play_items codes of Mark Six all-in plays, with the count of numbers each needs. */
export const ALL_IN_TEMPLATES = [
  { code: 'ms.all2', count: 2, sample: [1, 2] },
  { code: 'ms.all3', count: 3, sample: [1, 2, 3] },
] as const;
