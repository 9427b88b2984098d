import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Positions in PostgreSQL's write-ahead log (an LSN, `X/Y` in hex), as the read replica's routing compares them
 * (lib/replica.ts). An LSN is a 64-bit byte offset: kept as a bigint.
 */

/** `X/Y` → the 64-bit position. */
export function parseLsn(text: string): bigint {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!m) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`);
}

/** The primary's WAL flushed to its disk, which is what its replicas can receive: every commit that has returned is in it. */
export async function primaryFlushPosition(db: Db): Promise<bigint> {
  const { rows } = await sql<{ lsn: string }>`select pg_current_wal_flush_lsn()::text as lsn`.execute(db);
  const lsn = rows[0]?.lsn;
  if (lsn === undefined) throw new Error('pg_current_wal_flush_lsn() answered nothing');
  return parseLsn(lsn);
}

/**
 * How far a replica has replayed its primary's WAL: everything committed up to this position is visible in it.
 * Null when the server is not a replica (not in recovery).
 */
export async function replayPosition(db: Db): Promise<bigint | null> {
  const { rows } = await sql<{
    lsn: string | null;
  }>`select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()::text end as lsn`.execute(db);
  const lsn = rows[0]?.lsn;
  return lsn ? parseLsn(lsn) : null;
}
