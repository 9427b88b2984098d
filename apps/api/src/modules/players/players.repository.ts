import { sql } from 'kysely';
import type { Db, UserRow } from '../../db/database.ts';
import { lockUserRow } from '../../db/player-lock.ts';

export type PlayerRow = Pick<
  UserRow,
  | 'id'
  | 'account'
  | 'nickname'
  | 'role'
  | 'is_guest'
  | 'created_at'
  | 'frozen_at'
  | 'frozen_reason'
  | 'must_change_password'
>;

const COLUMNS = [
  'id',
  'account',
  'nickname',
  'role',
  'is_guest',
  'created_at',
  'frozen_at',
  'frozen_reason',
  'must_change_password',
] as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Players and guests (never operators) whose account or nickname contains `q` (case-insensitive), or whose id is
 * `q`; newest first. One row more than the page, for has_more.
 */
export async function searchPlayers(db: Db, q: string | undefined, page: number, limit: number): Promise<PlayerRow[]> {
  let query = db.selectFrom('users').select(COLUMNS).where('role', '!=', 'operator');
  if (q) {
    const like = `%${escapeLike(q.toLowerCase())}%`;
    const id = /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : null;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(account)`, 'like', like),
        eb(sql<string>`lower(nickname)`, 'like', like),
        ...(id === null ? [] : [eb('id', '=', id)]),
      ]),
    );
  }
  return query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
}

/** A player or guest by id (operators are not players: undefined). */
export async function findPlayer(db: Db, id: number): Promise<PlayerRow | undefined> {
  return db.selectFrom('users').select(COLUMNS).where('id', '=', id).where('role', '!=', 'operator').executeTakeFirst();
}

/**
 * The same, its row locked until the caller's commit (db/player-lock.ts, taken first: a freeze waits for running
 * bets and deposits).
 */
export async function lockPlayer(trx: Db, id: number): Promise<PlayerRow | undefined> {
  if (!(await lockUserRow(trx, id))) return undefined;
  return findPlayer(trx, id);
}

/** A player or an operator (not a guest) by id, its row locked until the caller's commit (db/player-lock.ts). */
export async function lockMember(trx: Db, id: number): Promise<PlayerRow | undefined> {
  if (!(await lockUserRow(trx, id))) return undefined;
  return trx
    .selectFrom('users')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('is_guest', '=', false)
    .where('role', '!=', 'guest')
    .executeTakeFirst();
}

export async function setFrozen(trx: Db, id: number, frozen: { at: Date; reason: string } | null): Promise<PlayerRow> {
  return trx
    .updateTable('users')
    .set({ frozen_at: frozen?.at ?? null, frozen_reason: frozen?.reason ?? null })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** A new password hash the player must replace at his next login. */
export async function setResetPassword(trx: Db, id: number, passwordHash: string): Promise<PlayerRow> {
  return trx
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: true })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Ends every live session of the user; answers how many. */
export async function revokeAllSessions(trx: Db, userId: number, now: Date): Promise<number> {
  const res = await trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
