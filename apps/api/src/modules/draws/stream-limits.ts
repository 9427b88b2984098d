/**
 * Caps on concurrent live streams, per API instance: the game streams (GET /api/game/events) per client IP, the
 * member streams (GET /api/user/events, modules/live) per player, and both kinds together in total. Each open stream
 * holds a socket and a place in a fan-out for as long as the client likes, so without a cap one client could hold
 * them by the thousand. Counted in memory, so the caps hold per API instance. A cap of 0 turns that kind of
 * streaming off: every client then polls.
 */
export type StreamLimits = {
  /** Reserves a game-stream slot for `ip`; returns its release (idempotent), or null when a cap is reached. */
  acquire(ip: string): (() => void) | null;
  /** Reserves a member-stream slot for player `userId`; its release, or null when a cap is reached. */
  acquireUser(userId: number): (() => void) | null;
  /** Open streams in this process (all IPs and players, both kinds). */
  total(): number;
  /** Open game streams of one IP. */
  of(ip: string): number;
  /** Open member streams of one player. */
  ofUser(userId: number): number;
};

function counter<K>() {
  const byKey = new Map<K, number>();
  return {
    get: (k: K) => byKey.get(k) ?? 0,
    add(k: K) {
      byKey.set(k, (byKey.get(k) ?? 0) + 1);
    },
    remove(k: K) {
      const left = (byKey.get(k) ?? 1) - 1;
      if (left > 0) byKey.set(k, left);
      else byKey.delete(k);
    },
  };
}

export function streamLimits(maxPerIp: number, maxTotal: number, maxPerUser = maxPerIp): StreamLimits {
  const byIp = counter<string>();
  const byUser = counter<number>();
  let total = 0;
  const take = <K>(c: ReturnType<typeof counter<K>>, key: K, max: number) => {
    if (c.get(key) >= max || total >= maxTotal) return null;
    c.add(key);
    total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      total -= 1;
      c.remove(key);
    };
  };
  return {
    acquire: (ip) => take(byIp, ip, maxPerIp),
    acquireUser: (userId) => take(byUser, userId, maxPerUser),
    total: () => total,
    of: (ip) => byIp.get(ip),
    ofUser: (userId) => byUser.get(userId),
  };
}
