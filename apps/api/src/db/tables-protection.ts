import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ExclusionKind, LimitKind, LimitPeriod } from '@fairdraw/domain';

/** Tables of migration 2026_11_22_0009_self_exclusions. */

/** One time-out or self-exclusion a player chose; append-only, so a break can never be shortened. */
export interface SelfExclusionsTable {
  id: Generated<number>;
  user_id: number;
  kind: ExclusionKind;
  starts_at: ColumnType<Date, Date, never>;
  ends_at: ColumnType<Date, Date, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type SelfExclusionRow = Selectable<SelfExclusionsTable>;

/** Tables of migration 2026_11_23_0025_spending_limits. */

/** One spending-limit choice (amount null: removed); append-only, the latest already in force binds. */
export interface PlayerLimitsTable {
  id: Generated<number>;
  user_id: number;
  kind: LimitKind;
  period: LimitPeriod;
  amount: ColumnType<number | null, number | null, never>;
  effective_at: ColumnType<Date, Date, never>;
  created_at: ColumnType<Date, Date, never>;
}

/** The reality check's interval in minutes (no row: off). */
export interface RealityChecksTable {
  user_id: number;
  minutes: number;
}

/**
 * What the player was last shown and answered (migration 0026), kept on the server so a reload or another device
 * knows it: when the reality check was last dismissed, when the deposit-limit offer was made.
 */
export interface PlayerPromptsTable {
  user_id: number;
  reality_check_dismissed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deposit_limit_offered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A waited limit change already told to the player (one message per change). */
export interface PlayerLimitNoticesTable {
  limit_id: number;
}

export type PlayerLimitRow = Selectable<PlayerLimitsTable>;
