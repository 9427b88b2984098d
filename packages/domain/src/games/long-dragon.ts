/**
 * The long dragon: across games, every road (roads.ts) whose current streak is at least LONG_DRAGON_MIN periods,
 * longest first; equal lengths keep the order of the games handed in, then the family's road order.
 */
import type { GameFamily } from './outcome.ts';
import { roads, type RoadKind, type RoadSide } from './roads.ts';

export const LONG_DRAGON_MIN = 5;

export type LongDragon<G> = {
  readonly game: G;
  readonly road: string;
  readonly subject: string;
  readonly kind: RoadKind;
  readonly side: RoadSide;
  readonly length: number;
  readonly play: string | null;
};

/** `games`: each game (anything the caller needs back), its family and its published results, newest first. */
export function longDragons<G>(
  games: readonly {
    readonly game: G;
    readonly family: GameFamily;
    readonly newestFirst: readonly (readonly number[])[];
  }[],
): LongDragon<G>[] {
  const found: LongDragon<G>[] = [];
  for (const g of games) {
    for (const r of roads(g.family, g.newestFirst)) {
      if (!r.streak || r.streak.length < LONG_DRAGON_MIN) continue;
      found.push({ game: g.game, road: r.key, subject: r.subject, kind: r.kind, ...r.streak });
    }
  }
  // Array.prototype.sort is stable: equal lengths keep the order they were found in.
  return found.sort((a, b) => b.length - a.length);
}
