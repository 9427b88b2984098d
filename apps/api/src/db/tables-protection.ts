import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ExclusionKind } from '@fairdraw/domain';

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
