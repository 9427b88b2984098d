import pg from 'pg';

/**
 * A PostgreSQL session-level advisory lock (pg_try_advisory_lock), held on a dedicated connection for as long as
 * that connection lives: closing it, or losing it, releases the lock for another session.
 */
export type AdvisoryLock = {
  /** Closes the connection, which releases the lock. */
  release(): Promise<void>;
};

/**
 * Tries once to take the lock `key` on a new connection: the held lock, or undefined when another session holds it
 * (the connection is closed again). Rejects when the database cannot be reached. `onLost` is told if the connection
 * fails while the lock is held.
 */
export async function tryAdvisoryLock(
  databaseUrl: string,
  key: bigint,
  opts: { applicationName: string; onLost: (err: Error) => void },
): Promise<AdvisoryLock | undefined> {
  const c = new pg.Client({ connectionString: databaseUrl, application_name: opts.applicationName });
  let held = false;
  c.on('error', (err) => {
    if (held) opts.onLost(err);
  });
  const release = async () => {
    held = false;
    await c.end().catch(() => undefined);
  };
  try {
    await c.connect();
    const res = await c.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [
      key.toString(),
    ]);
    if (res.rows[0]?.locked) {
      held = true;
      return { release };
    }
  } catch (err) {
    await release();
    throw err;
  }
  await release();
  return undefined;
}
