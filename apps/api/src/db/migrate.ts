import { Migrator } from 'kysely/migration';
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import * as m0001 from './migrations/2026_11_22_0001_accounts.ts';
import * as m0002 from './migrations/2026_11_22_0002_content.ts';
import * as m0003 from './migrations/2026_11_22_0003_ledger.ts';
import * as m0004 from './migrations/2026_11_22_0004_payouts.ts';
import * as m0005 from './migrations/2026_11_22_0005_deposits.ts';
import * as m0006 from './migrations/2026_11_22_0006_withdrawals.ts';
import * as m0007 from './migrations/2026_11_22_0007_periods.ts';
import * as m0008 from './migrations/2026_11_22_0008_bets.ts';
import * as m0009 from './migrations/2026_11_22_0009_self_exclusions.ts';
import * as m0010 from './migrations/2026_11_22_0010_settlement.ts';
import * as m0011 from './migrations/2026_11_22_0011_bet_batch.ts';
import * as m0012 from './migrations/2026_11_22_0012_session_changes.ts';
import * as m0013 from './migrations/2026_11_22_0013_idempotency_retention.ts';
import * as m0014 from './migrations/2026_11_23_0014_payment_currency_and_secrets.ts';
import * as m0015 from './migrations/2026_11_23_0015_idempotency_answer_text.ts';
import * as m0017 from './migrations/2026_11_23_0017_runtime_role.ts';
import * as m0018 from './migrations/2026_11_23_0018_place_bet_slips_from_file.ts';
import * as m0019 from './migrations/2026_11_23_0019_ledger_lock_and_writer.ts';
import * as m0021 from './migrations/2026_11_23_0021_account_history.ts';
import * as m0022 from './migrations/2026_11_23_0022_kyc.ts';
import * as m0023 from './migrations/2026_11_23_0023_messages.ts';
import * as m0024 from './migrations/2026_11_23_0024_support.ts';
import * as m0025 from './migrations/2026_11_23_0025_spending_limits.ts';
import * as m0026 from './migrations/2026_11_24_0026_member_events_and_prompts.ts';
import * as m0027 from './migrations/2026_11_24_0027_bonus.ts';
import * as m0028 from './migrations/2026_11_24_0028_content_schedule.ts';
import * as m0029 from './migrations/2026_11_24_0029_report_daily.ts';
import * as m0030 from './migrations/2026_11_24_0030_player_freeze.ts';
import * as m0031 from './migrations/2026_11_24_0031_game_settings_versions.ts';
import * as m0032 from './migrations/2026_11_24_0032_periods_draw_at.ts';
import * as m0033 from './migrations/2026_11_24_0033_game_period_limit.ts';
import * as m0034 from './migrations/2026_11_26_0034_deposit_tx_hash_once.ts';
import * as m0035 from './migrations/2026_11_26_0035_kyc_document_key.ts';
import * as m0036 from './migrations/2026_11_26_0036_upload_quota.ts';
import * as m0037 from './migrations/2026_11_26_0037_login_clients_and_two_factor.ts';
import * as m0038 from './migrations/2026_11_26_0038_chases.ts';
import * as m0039 from './migrations/2026_11_26_0039_slip_cancel.ts';
import * as m0040 from './migrations/2026_11_26_0040_app_clock_created_at.ts';
import * as m0041 from './migrations/2026_11_26_0041_channel_names_and_demo.ts';
import * as m0042 from './migrations/2026_11_26_0042_settlement_hot_again.ts';
import * as m0043 from './migrations/2026_11_27_0043_item_results.ts';
import * as m0044 from './migrations/2026_11_27_0044_posting_references.ts';
import * as m0045 from './migrations/2026_11_27_0045_lost_slips_unwritten.ts';
import * as m0046 from './migrations/2026_11_27_0046_one_item_play.ts';
import * as m0047 from './migrations/2026_11_27_0047_answer_with_claim.ts';
import * as m0048 from './migrations/2026_11_27_0048_slip_references.ts';
import * as m0049 from './migrations/2026_11_27_0049_batch_in_linear_time.ts';
import * as m0050 from './migrations/2026_11_27_0050_batch_fixed_cost.ts';
import type { SqlFunctionPins } from './sql-functions.ts';

/** A migration module; one that creates SQL functions from their files names them (sql-functions.ts). */
export type MigrationModule = Migration & { sqlFunctions?: SqlFunctionPins };

/**
 * The migrations, listed in code rather than found by scanning a folder: the list is type-checked, bundlers and
 * tests see it, and a stray file in the folder can never run. Names sort in the order they must run (db/README.md).
 */
export const MIGRATIONS: Record<string, MigrationModule> = {
  '2026_11_22_0001_accounts': m0001,
  '2026_11_22_0002_content': m0002,
  '2026_11_22_0003_ledger': m0003,
  '2026_11_22_0004_payouts': m0004,
  '2026_11_22_0005_deposits': m0005,
  '2026_11_22_0006_withdrawals': m0006,
  '2026_11_22_0007_periods': m0007,
  '2026_11_22_0008_bets': m0008,
  '2026_11_22_0009_self_exclusions': m0009,
  '2026_11_22_0010_settlement': m0010,
  '2026_11_22_0011_bet_batch': m0011,
  '2026_11_22_0012_session_changes': m0012,
  '2026_11_22_0013_idempotency_retention': m0013,
  '2026_11_23_0014_payment_currency_and_secrets': m0014,
  '2026_11_23_0015_idempotency_answer_text': m0015,
  '2026_11_23_0017_runtime_role': m0017,
  '2026_11_23_0018_place_bet_slips_from_file': m0018,
  '2026_11_23_0019_ledger_lock_and_writer': m0019,
  '2026_11_23_0021_account_history': m0021,
  '2026_11_23_0022_kyc': m0022,
  '2026_11_23_0023_messages': m0023,
  '2026_11_23_0024_support': m0024,
  '2026_11_23_0025_spending_limits': m0025,
  '2026_11_24_0026_member_events_and_prompts': m0026,
  '2026_11_24_0027_bonus': m0027,
  '2026_11_24_0028_content_schedule': m0028,
  '2026_11_24_0029_report_daily': m0029,
  '2026_11_24_0030_player_freeze': m0030,
  '2026_11_24_0031_game_settings_versions': m0031,
  '2026_11_24_0032_periods_draw_at': m0032,
  '2026_11_24_0033_game_period_limit': m0033,
  '2026_11_26_0034_deposit_tx_hash_once': m0034,
  '2026_11_26_0035_kyc_document_key': m0035,
  '2026_11_26_0036_upload_quota': m0036,
  '2026_11_26_0037_login_clients_and_two_factor': m0037,
  '2026_11_26_0038_chases': m0038,
  '2026_11_26_0039_slip_cancel': m0039,
  '2026_11_26_0040_app_clock_created_at': m0040,
  '2026_11_26_0041_channel_names_and_demo': m0041,
  '2026_11_26_0042_settlement_hot_again': m0042,
  '2026_11_27_0043_item_results': m0043,
  '2026_11_27_0044_posting_references': m0044,
  '2026_11_27_0045_lost_slips_unwritten': m0045,
  '2026_11_27_0046_one_item_play': m0046,
  '2026_11_27_0047_answer_with_claim': m0047,
  '2026_11_27_0048_slip_references': m0048,
  '2026_11_27_0049_batch_in_linear_time': m0049,
  '2026_11_27_0050_batch_fixed_cost': m0050,
};

class StaticMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(MIGRATIONS);
  }
}

/** Brings the schema to the latest version; throws (with the failing migration's name) if one fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
