import type { CurrencyCode } from '@fairdraw/domain';
import type { Db } from '../../db/database.ts';
import { disableUnratedForeignChannels } from './recharge.repository.ts';

/**
 * The seed's part of deposits (db/seed.ts): the demo channels in a currency other than the site's and with no rate
 * stay disabled until an operator sets one; in their own currency they need none.
 */
export async function seedRecharge(db: Db, siteCurrency: CurrencyCode): Promise<void> {
  await disableUnratedForeignChannels(db, siteCurrency);
}
