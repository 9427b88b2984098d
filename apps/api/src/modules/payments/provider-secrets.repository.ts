import type { Db } from '../../db/database.ts';

/** Stores `secret` for `provider` unless one is stored already (the first writer wins, on every instance). */
export async function insertSecretIfAbsent(db: Db, provider: string, secret: string): Promise<void> {
  await db
    .insertInto('payment_provider_secrets')
    .values({ provider, secret })
    .onConflict((oc) => oc.column('provider').doNothing())
    .execute();
}

export async function findSecret(db: Db, provider: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('payment_provider_secrets')
    .select('secret')
    .where('provider', '=', provider)
    .executeTakeFirst();
  return row?.secret;
}
