/**
 * The roads of a game: for each two-sided play (big/small, odd/even, dragon/tiger), which side each published result
 * fell on, and the current streak. A road's side is decided by settling the family's own two plays against the
 * result (`settlePlay`), so a road always agrees with what those bets paid:
 *
 * - pk10, each position `pos1`..`pos10`: big (car 6..10) / small, odd / even; positions 1..5 also dragon (the car
 *   there is higher than the one in position 11 − N) / tiger. `sum` (champion + runner-up): big (12..19) / small
 *   (3..11), odd / even.
 * - ssc, each position `pos1`..`pos5`: big (5..9) / small, odd / even. `total` (the five digits): big (≥ 23) /
 *   small, odd / even; dragon (digit 1 > digit 5) / tiger (digit 1 < digit 5) / `tie` (equal: both lose).
 * - k3, `sum` (the dice total): big (11..18) / small (3..10), odd / even; a triple is neither (`triple`: both lose).
 * - lucky28, `sum`: big (14..27) / small (0..13), odd / even.
 * - marksix, `special`: big (25..48) / small (1..24), odd / even; 49 is neither (`push`: rule 49 refunds both).
 *
 * The streak is the run of the latest side: how many periods in a row, up to the latest, fell on it (a `tie`,
 * `triple` or `push` run too). `play` is the code of the play that wins on that side (`ssc.tie`, `k3.triple.any`),
 * or null where none does (a Mark Six 49 on a two-sided road).
 */
import { findPlay, type Play } from './catalog.ts';
import type { GameFamily } from './outcome.ts';
import { settlePlay } from '../settlement.ts';

export type RoadKind = 'big-small' | 'odd-even' | 'dragon-tiger';
export type RoadSide = 'big' | 'small' | 'odd' | 'even' | 'dragon' | 'tiger' | 'tie' | 'triple' | 'push';

export type RoadDef = {
  /** `<subject>.<kind>`, e.g. `pos3.big-small`. */
  readonly key: string;
  /** What the road is about: a position (`pos3`), `sum`, `total` or `special`. */
  readonly subject: string;
  readonly kind: RoadKind;
  /** The two sides and the play that wins on each. */
  readonly sides: readonly [
    { readonly side: RoadSide; readonly play: string },
    { readonly side: RoadSide; readonly play: string },
  ];
  /** The side of a result on which neither play wins, and the play that wins on it (if any). */
  readonly neither: { readonly side: RoadSide; readonly play: string | null } | null;
};

export type Streak = { readonly side: RoadSide; readonly length: number; readonly play: string | null };

export type Road = {
  readonly key: string;
  readonly subject: string;
  readonly kind: RoadKind;
  /** The side of each result, in draw order (oldest first). */
  readonly sides: RoadSide[];
  /** The run of the latest side; null while no period is drawn. */
  readonly streak: Streak | null;
};

const KIND_SIDES: Readonly<Record<RoadKind, readonly [RoadSide, RoadSide]>> = {
  'big-small': ['big', 'small'],
  'odd-even': ['odd', 'even'],
  'dragon-tiger': ['dragon', 'tiger'],
};

function road(
  subject: string,
  kind: RoadKind,
  playOf: (side: RoadSide) => string,
  neither: RoadDef['neither'] = null,
): RoadDef {
  const [a, b] = KIND_SIDES[kind];
  return {
    key: `${subject}.${kind}`,
    subject,
    kind,
    sides: [
      { side: a, play: playOf(a) },
      { side: b, play: playOf(b) },
    ],
    neither,
  };
}

function pk10Roads(): RoadDef[] {
  const roads: RoadDef[] = [];
  for (let p = 1; p <= 10; p += 1) {
    roads.push(road(`pos${p}`, 'big-small', (s) => `pk10.pos${p}.${s}`));
    roads.push(road(`pos${p}`, 'odd-even', (s) => `pk10.pos${p}.${s}`));
    if (p <= 5) roads.push(road(`pos${p}`, 'dragon-tiger', (s) => `pk10.dt${p}.${s}`));
  }
  roads.push(road('sum', 'big-small', (s) => `pk10.sum.${s}`));
  roads.push(road('sum', 'odd-even', (s) => `pk10.sum.${s}`));
  return roads;
}

function sscRoads(): RoadDef[] {
  const roads: RoadDef[] = [];
  for (let p = 1; p <= 5; p += 1) {
    roads.push(road(`pos${p}`, 'big-small', (s) => `ssc.pos${p}.${s}`));
    roads.push(road(`pos${p}`, 'odd-even', (s) => `ssc.pos${p}.${s}`));
  }
  roads.push(road('total', 'big-small', (s) => `ssc.total.${s}`));
  roads.push(road('total', 'odd-even', (s) => `ssc.total.${s}`));
  roads.push(road('total', 'dragon-tiger', (s) => `ssc.${s}`, { side: 'tie', play: 'ssc.tie' }));
  return roads;
}

const ROADS: Readonly<Record<GameFamily, readonly RoadDef[]>> = {
  pk10: pk10Roads(),
  ssc: sscRoads(),
  k3: [
    road('sum', 'big-small', (s) => `k3.${s}`, { side: 'triple', play: 'k3.triple.any' }),
    road('sum', 'odd-even', (s) => `k3.${s}`, { side: 'triple', play: 'k3.triple.any' }),
  ],
  lucky28: [road('sum', 'big-small', (s) => `l28.${s}`), road('sum', 'odd-even', (s) => `l28.${s}`)],
  marksix: [
    road('special', 'big-small', (s) => `ms.special.${s}`, { side: 'push', play: null }),
    road('special', 'odd-even', (s) => `ms.special.${s}`, { side: 'push', play: null }),
  ],
};

/** The roads a family has, in display order. */
export function roadsOf(family: GameFamily): readonly RoadDef[] {
  return ROADS[family];
}

// The two-sided Mark Six plays are the same on every date (only zodiac plays follow the lunar year): any date in the
// zodiac table finds them.
const ANY_DRAW_DATE = '2026-06-01';

const PLAYS = new Map<string, Play>();
function play(family: GameFamily, code: string): Play {
  let found = PLAYS.get(code);
  if (!found) {
    found = findPlay(family, code, ANY_DRAW_DATE);
    if (!found) throw new RangeError(`no play ${code}`);
    PLAYS.set(code, found);
  }
  return found;
}

/** The side a result falls on: the side whose play wins, else the road's `neither` side. */
export function roadSide(family: GameFamily, def: RoadDef, outcome: readonly number[]): RoadSide {
  for (const s of def.sides) if (settlePlay(play(family, s.play), outcome) === 'win') return s.side;
  if (!def.neither) throw new RangeError(`${def.key}: no side won on ${outcome.join(',')}`);
  return def.neither.side;
}

/** The run of the first side of `newestFirst`, and the play that wins on it. */
export function streakOf(def: RoadDef, newestFirst: readonly RoadSide[]): Streak | null {
  const side = newestFirst[0];
  if (side === undefined) return null;
  let length = 1;
  while (length < newestFirst.length && newestFirst[length] === side) length += 1;
  const play = def.sides.find((s) => s.side === side)?.play ?? def.neither?.play ?? null;
  return { side, length, play };
}

/** Every road of `family` over the results given, newest first (a streak is at most that many periods long). */
export function roads(family: GameFamily, newestFirst: readonly (readonly number[])[]): Road[] {
  return roadsOf(family).map((def) => {
    const latestFirst = newestFirst.map((o) => roadSide(family, def, o));
    const streak = streakOf(def, latestFirst);
    return { key: def.key, subject: def.subject, kind: def.kind, sides: latestFirst.reverse(), streak };
  });
}
