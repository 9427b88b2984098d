import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { ACCOUNT_RE, LOGIN_PASSWORD_MAX, LOGIN_PASSWORD_MIN } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { AVATARS } from '../accounts/accounts.service.ts';

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password from node:crypto (16 characters of a 57-letter alphabet: about 93 bits). */
export function randomPassword(length = 16): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

export class OperatorError extends Error {}

/**
 * Creates an operator, or sets a new password for an existing operator of that account. Refuses an account that
 * belongs to a player or guest (an operator is never made out of a player by accident).
 */
export async function createOperator(db: Db, account: string, password: string): Promise<'created' | 'updated'> {
  const name = account.trim();
  if (!ACCOUNT_RE.test(name)) throw new OperatorError('the account must be 4–20 letters and digits');
  if (password.length < LOGIN_PASSWORD_MIN || password.length > LOGIN_PASSWORD_MAX) {
    throw new OperatorError(`the password must be ${LOGIN_PASSWORD_MIN}–${LOGIN_PASSWORD_MAX} characters`);
  }
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'role'])
      .where(sql<string>`lower(account)`, '=', name.toLowerCase())
      .forUpdate()
      .executeTakeFirst();
    if (existing) {
      if (existing.role !== 'operator') throw new OperatorError(`account ${name} exists and is not an operator`);
      await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', existing.id).execute();
      return 'updated';
    }
    await trx
      .insertInto('users')
      .values({
        account: name,
        password_hash: hash,
        nickname: name,
        avatar: AVATARS[0] ?? '/art/avatars/1.svg',
        role: 'operator',
        is_guest: false,
      })
      .execute();
    return 'created';
  });
}

/**
 * First start without OPERATOR_ACCOUNT/OPERATOR_PASSWORD: when no operator exists, creates 'operator' with a random
 * password and returns it (the caller prints it once); otherwise returns undefined. Under an advisory lock so that
 * several instances starting together create one.
 */
export async function ensureFirstOperator(db: Db): Promise<{ account: string; password: string } | undefined> {
  const password = randomPassword();
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('fairdraw.first_operator'))`.execute(trx);
    const any = await trx.selectFrom('users').select('id').where('role', '=', 'operator').limit(1).executeTakeFirst();
    if (any) return undefined;
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(account)`, '=', 'operator')
      .executeTakeFirst();
    if (taken) return undefined;
    await trx
      .insertInto('users')
      .values({
        account: 'operator',
        password_hash: hash,
        nickname: 'operator',
        avatar: AVATARS[0] ?? '/art/avatars/1.svg',
        role: 'operator',
        is_guest: false,
      })
      .execute();
    return { account: 'operator', password };
  });
}
