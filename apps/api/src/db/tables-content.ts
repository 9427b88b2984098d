import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';
import type { LocalizedTexts } from '@fairdraw/contract';

/** Tables of migration 2026_11_24_0028_content_schedule (banners' new columns are in database.ts). */

export interface PromotionsTable {
  id: Generated<number>;
  title: JSONColumnType<LocalizedTexts, string, string>;
  body: JSONColumnType<LocalizedTexts, string, string>;
  image: string;
  link: string | null;
  starts_at: Date;
  ends_at: Date;
  sort: number;
  enabled: boolean;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

export type PromotionRow = Selectable<PromotionsTable>;
