import { tryAdvisoryLock } from '../db/advisory-lock.ts';
import type { AdvisoryLock } from '../db/advisory-lock.ts';

/**
 * Who acts, when several API instances run the same loop (the draw scheduler, the leader jobs): the holder of a
 * PostgreSQL advisory lock, taken on a dedicated connection and held while that connection lives, so another instance
 * takes over within a step or so when the holder dies. On PGlite (no `databaseUrl`) the single process acts.
 */
export type Leadership = {
  /** True while this instance holds the lock (always on PGlite). */
  readonly isLeader: () => boolean;
  /** Takes the lock if it is free (keeps it if held): whether this instance acts now. */
  readonly acquire: () => Promise<boolean>;
  /** Gives the lock up for good (the loop stops): closing its connection frees it for another instance. */
  readonly release: () => Promise<void>;
};

/** The log of a loop that runs on its leader (the draw scheduler, the leader jobs): the app's logger fits. */
export type LoopLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export function leadership(opts: {
  /** PostgreSQL URL for the lock's connection; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The advisory-lock key: any constant bigint unique to the loop. */
  key: bigint;
  /** The loop's name, in the log and as the lock connection's application_name (`fairdraw-<name>`). */
  name: string;
  log: Pick<LoopLog, 'info' | 'warn'>;
  /** Told when the lock's connection fails while held (this instance no longer acts). */
  onLost?: () => void;
}): Leadership {
  const { databaseUrl, key, name, log } = opts;
  let lock: AdvisoryLock | undefined;
  let released = false;

  const lose = (err: Error) => {
    log.warn({ err }, `${name} lock lost: connection error`);
    const held = lock;
    lock = undefined;
    void held?.release();
    opts.onLost?.();
  };

  return {
    isLeader: () => !released && (!databaseUrl || lock !== undefined),
    acquire: async () => {
      if (released) return false;
      if (!databaseUrl || lock) return true;
      try {
        const got = await tryAdvisoryLock(databaseUrl, key, {
          applicationName: `fairdraw-${name}`,
          onLost: (err) => {
            if (lock === got) lose(err);
          },
        });
        if (got && !released) {
          lock = got;
          log.info({}, `${name} lock acquired: this instance acts`);
          return true;
        }
        await got?.release();
      } catch (err) {
        log.warn({ err }, `${name} lock attempt failed`);
      }
      return false;
    },
    release: async () => {
      released = true;
      const held = lock;
      lock = undefined;
      await held?.release();
    },
  };
}
