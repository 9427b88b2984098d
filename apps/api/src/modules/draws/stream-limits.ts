/**
 * Caps on concurrent live streams, per API instance: the game streams (GET /api/game/events) per client IP, the
 * member streams (GET /api/user/events, modules/live) per player and per client IP (counted apart from the game
 * streams, so one address's member streams never crowd out its game streams, nor the other way), and both kinds
 * together in total. Each open stream
 * holds a socket and a place in a fan-out for as long as the client likes, so without a cap one client could hold
 * them by the thousand. Counted in memory, so the caps hold per API instance. A cap of 0 turns that kind of
 * streaming off: every client then polls.
 */
export type StreamLimits = {
  /** Reserves a game-stream slot for `ip`; returns its release (idempotent), or null when a cap is reached. */
  acquire(ip: string): (() => void) | null;
  /** Reserves a member-stream slot for player `userId` at `ip`; its release, or null when a cap is reached. */
  acquireUser(userId: number, ip: string): (() => void) | null;
  /** Open streams in this process (all IPs and players, both kinds). */
  total(): number;
  /** Open game streams of one IP. */
  of(ip: string): number;
  /** Open member streams of one player. */
  ofUser(userId: number): number;
  /** Open member streams of one IP. */
  ofMemberIp(ip: string): number;
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

type Counter<K> = ReturnType<typeof counter<K>>;

export function streamLimits(
  maxPerIp: number,
  maxTotal: number,
  maxPerUser = maxPerIp,
  maxMemberPerIp = maxPerIp,
): StreamLimits {
  const byIp = counter<string>();
  const byUser = counter<number>();
  const byMemberIp = counter<string>();
  let total = 0;
  /** Takes one slot under every cap given, or none when any is reached. */
  const take = (caps: { c: Counter<string> | Counter<number>; key: string | number; max: number }[]) => {
    if (total >= maxTotal || caps.some(({ c, key, max }) => (c.get as (k: typeof key) => number)(key) >= max))
      return null;
    for (const { c, key } of caps) (c.add as (k: typeof key) => void)(key);
    total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      total -= 1;
      for (const { c, key } of caps) (c.remove as (k: typeof key) => void)(key);
    };
  };
  return {
    acquire: (ip) => take([{ c: byIp, key: ip, max: maxPerIp }]),
    acquireUser: (userId, ip) =>
      take([
        { c: byUser, key: userId, max: maxPerUser },
        { c: byMemberIp, key: ip, max: maxMemberPerIp },
      ]),
    total: () => total,
    of: (ip) => byIp.get(ip),
    ofUser: (userId) => byUser.get(userId),
    ofMemberIp: (ip) => byMemberIp.get(ip),
  };
}
