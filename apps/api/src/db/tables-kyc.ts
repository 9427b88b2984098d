import type { ColumnType, Generated, Selectable } from 'kysely';
import type { KycStatus } from '@fairdraw/contract';

/** Tables of migration 2026_11_23_0022_kyc. */

/** One identity-verification submission; the latest of a player is their status. */
export interface KycSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  real_name: string;
  document_number: string;
  /** The number as documents are compared (domain identityDocumentKey; migration 0035). */
  document_key: string;
  /** Verified before migration 0035 while an earlier submission had verified the same document (kept as it was). */
  legacy_shared_document: ColumnType<boolean, boolean | undefined, boolean>;
  /** Stored names (lib/uploads.ts) of the re-encoded photos. */
  front_file: string;
  back_file: string;
  status: ColumnType<KycStatus, KycStatus | undefined, KycStatus>;
  reason: string | null;
  created_at: ColumnType<Date, Date, never>;
  decided_at: Date | null;
  decided_by: number | null;
}

export type KycSubmissionRow = Selectable<KycSubmissionsTable>;
