import type { ColumnType, Generated, Selectable } from 'kysely';
import type { BetStatus } from '@fairdraw/contract';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** A bet slip (migration 0008): every item of one period of one game, staked from one wallet at once. */
export interface BetsTable {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  period_id: number;
  issue: string;
  wallet: 'cash' | 'demo';
  /** Sum of the items' amounts (minor units); the stake posting 'bet:<id>' moves exactly this. */
  total: number;
  status: ColumnType<BetStatus, BetStatus | undefined, BetStatus>;
  /** Credited at settlement (sum of the items' payouts), the total on a void; null while unsettled. */
  payout: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * A slip of one item: its item's play code and odds, for the settlement (migration 0046); null for a slip of
   * several items. Written with the slip, never changed; everything else reads the item.
   */
  code: ColumnType<string | null, string | null | undefined, never>;
  odds_bps: ColumnType<number | null, number | null | undefined, never>;
}

/** One line of a slip; the odds are fixed at placement (resolvePlay for the period's draw date). */
export interface BetItemsTable {
  id: Generated<number>;
  bet_id: number;
  play_item_id: number;
  /** The domain play code actually bet (for Mark Six all-in: 'ms.all2.3-17', built from the chosen numbers). */
  code: string;
  group_code: string;
  numbers: ColumnType<number[] | null, number[] | null | undefined, never>;
  odds_bps: number;
  amount: number;
  status: ColumnType<BetStatus, BetStatus | undefined, BetStatus>;
  payout: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A settled winning cash slip (migration 0010), for the home page's winning list; written by the settlement. */
export interface BetCashWinsTable {
  bet_id: number;
  settled_at: Date;
}

/** What a player has staked on a period (migration 0011), kept by the bet batch for the per-period limit. */
export interface BetPeriodStakesTable {
  period_id: number;
  user_id: number;
  staked: number;
}

export type ChaseStatus = 'active' | 'done' | 'won' | 'cancelled' | 'refused';

/** A chase (migration 0038): one slip over a game's next periods, its whole stake held in player_chase. */
export interface ChasesTable {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  /** The slip as asked: [{play_id, amount, numbers?}] (each period's slip multiplies the amounts). */
  items: ColumnType<unknown, string, never>;
  slip_total: number;
  periods: number;
  stop_on_win: boolean;
  /** The whole stake, held by 'chase_hold' / 'chase:<id>'. */
  total: number;
  /** What went back to the wallet ('chase_refund' / 'chase:<id>'), once, when the chase stopped. */
  refunded: ColumnType<number, number | undefined, number>;
  status: ColumnType<ChaseStatus, ChaseStatus | undefined, ChaseStatus>;
  /** Why a chase stopped before its end: the refusal's error key (status refused). */
  stop_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The draw time of the last period placed: the next is placed on a period drawn later. */
  last_draw_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type ChasePeriodStatus = 'pending' | 'placed' | 'refunded';

/** One period of a chase: its multiplier and stake; placed once (its slip) or refunded. */
export interface ChasePeriodsTable {
  id: Generated<number>;
  chase_id: number;
  seq: number;
  multiplier: number;
  amount: number;
  status: ColumnType<ChasePeriodStatus, ChasePeriodStatus | undefined, ChasePeriodStatus>;
  bet_id: ColumnType<number | null, number | null | undefined, number | null>;
  issue: ColumnType<string | null, string | null | undefined, string | null>;
  placed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A slip as read (bet_results): the settlement's copy of a one-item slip's play is not part of it. */
export type BetRow = Selectable<Omit<BetsTable, 'code' | 'odds_bps'>>;
export type BetItemRow = Selectable<BetItemsTable>;
