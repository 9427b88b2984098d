/**
 * The seven games and the plays each family sells. Cycle and seal times here are the defaults an operator can change in
 * the database; the family (and so the draw and the rules) cannot change.
 */
import type { GameFamily } from './outcome.ts';
import { PK10_PLAYS, type Pk10Play } from './pk10.ts';
import { K3_PLAYS, type K3Play } from './k3.ts';
import { SSC_PLAYS, type SscPlay } from './ssc.ts';
import { LUCKY28_PLAYS, type Lucky28Play } from './lucky28.ts';
import { markSixAllIn, markSixPlays, type MarkSixPlay } from './marksix.ts';
import { PlayError } from './play.ts';

export type GameCode = 'df_pk10' | 'df_pk10_3' | 'df_pk10_5' | 'df_k3' | 'xam_6' | 'xy_28' | 'df_ssc';

export type Game = {
  readonly code: GameCode;
  readonly family: GameFamily;
  /** English label; other languages translate `labelKey`. */
  readonly label: string;
  readonly labelKey: string;
  /** The web route of the game's page. */
  readonly route: string;
  /** Seconds between draws; Mark Six draws once a day (86 400 s) at `dailyAt`. */
  readonly cycleSeconds: number;
  /** Business-time clock time of a once-a-day draw (`HH:MM`), or null for games drawn every cycle from midnight. */
  readonly dailyAt: string | null;
  /** Betting closes this many seconds before the draw. */
  readonly sealSeconds: number;
};

export const GAMES: readonly Game[] = [
  game('df_pk10', 'pk10', 'PK10 ten minutes', '/pkShi', 600, null, 60),
  game('df_pk10_3', 'pk10', 'PK10 three minutes', '/pkShi', 180, null, 30),
  game('df_pk10_5', 'pk10', 'PK10 five minutes', '/pkShi', 300, null, 30),
  game('df_k3', 'k3', 'K3 (fast three)', '/kuaisan', 60, null, 10),
  game('xam_6', 'marksix', 'Mark Six', '/aoLiu', 86_400, '21:30', 900),
  game('xy_28', 'lucky28', 'Lucky 28', '/xingyun', 210, null, 30),
  game('df_ssc', 'ssc', 'Instant lottery', '/shiShiCai', 60, null, 10),
];

function game(
  code: GameCode,
  family: GameFamily,
  label: string,
  route: string,
  cycleSeconds: number,
  dailyAt: string | null,
  sealSeconds: number,
): Game {
  return { code, family, label, labelKey: `game.${code}`, route, cycleSeconds, dailyAt, sealSeconds };
}

export function findGame(code: string): Game | undefined {
  return GAMES.find((g) => g.code === code);
}

export type PlayOf = {
  pk10: Pk10Play;
  k3: K3Play;
  ssc: SscPlay;
  lucky28: Lucky28Play;
  marksix: MarkSixPlay;
};

/** A play of any family; `family` tells which. */
export type Play = PlayOf[GameFamily];

/**
 * The plays listed for a family. Mark Six needs the draw date (YYYY-MM-DD, business time zone) because its zodiac
 * table changes at Chinese New Year; the other families ignore it. Mark Six all-in plays are not listed (see
 * `markSixAllIn`); `findPlay` resolves their codes.
 */
export function playsOf<F extends GameFamily>(family: F, drawDate?: string): readonly PlayOf[F][];
export function playsOf(family: GameFamily, drawDate?: string): readonly Play[] {
  switch (family) {
    case 'pk10':
      return PK10_PLAYS;
    case 'k3':
      return K3_PLAYS;
    case 'ssc':
      return SSC_PLAYS;
    case 'lucky28':
      return LUCKY28_PLAYS;
    case 'marksix':
      if (drawDate === undefined) throw new PlayError('Mark Six plays depend on the draw date');
      return markSixPlays(drawDate);
  }
}

/** The play with this code in this family on this draw date, or undefined when no such play is sold. */
export function findPlay(family: GameFamily, code: string, drawDate?: string): Play | undefined {
  if (family === 'marksix') {
    const allIn = /^ms\.all([23])\.(\d{1,2}(?:-\d{1,2}){1,2})$/.exec(code);
    if (allIn) {
      const numbers = (allIn[2] ?? '').split('-').map(Number);
      if (numbers.length !== Number(allIn[1])) return undefined;
      try {
        const play = markSixAllIn(numbers);
        return play.code === code ? play : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return playIndex(family, drawDate).get(code);
}

// Plays by code, per family (and per draw date for Mark Six): findPlay is called for every bet item placed and
// settled, and building the Mark Six list walks the zodiac table for each of its plays. A few dates are kept.
const INDEXES = new Map<string, ReadonlyMap<string, Play>>();
const MAX_INDEXES = 16;

function playIndex(family: GameFamily, drawDate?: string): ReadonlyMap<string, Play> {
  const key = family === 'marksix' ? `${family}:${drawDate ?? ''}` : family;
  let index = INDEXES.get(key);
  if (!index) {
    index = new Map(playsOf(family, drawDate).map((p) => [p.code, p]));
    if (INDEXES.size >= MAX_INDEXES) INDEXES.delete(INDEXES.keys().next().value ?? '');
    INDEXES.set(key, index);
  }
  return index;
}
