import type { Db } from '../../db/database.ts';

/** The stored withdrawal fee rule and limits (settings keys withdraw_fee, withdraw_min, withdraw_max). */
export function withdrawSettingRows(db: Db) {
  return db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', ['withdraw_fee', 'withdraw_min', 'withdraw_max', 'withdraw_require_kyc'])
    .execute();
}
