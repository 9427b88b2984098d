import type { ColumnType } from 'kysely';

/** Tables of migration 2026_11_26_0036_upload_quota (modules/uploads). */

/** `date` columns: written as 'YYYY-MM-DD', read back with `day::text`. */
type Day = ColumnType<string, string, string>;

/** What one player stored on one business day: files, and their bytes as stored (after re-encoding). */
export interface UploadQuotaDaysTable {
  user_id: number;
  day: Day;
  files: number;
  bytes: number;
}
