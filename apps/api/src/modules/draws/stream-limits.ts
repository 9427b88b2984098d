import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedStore } from '../../lib/shared-store.ts';

/**
 * Caps on concurrent live streams: the game streams (GET /api/game/events) per client IP, the member streams
 * (GET /api/user/events, modules/live) per player and per client IP (counted apart from the game streams, so one
 * address's member streams never crowd out its game streams, nor the other way), and both kinds together in total.
 * Each open stream holds a socket and a place in a fan-out for as long as the client likes, so without a cap one
 * client could hold them by the thousand. A cap of 0 turns that kind of streaming off: every client then polls.
 *
 * Counted in memory, per instance; with REDIS_URL the per-IP and per-player caps also hold across instances: each
 * open stream holds a lease in Redis (a member of a sorted set per IP or player, scored by its expiry), which its
 * instance renews every LEASE_RENEW_MS and removes when the stream ends. The leases of an instance that died without
 * removing them expire within LEASE_MS; sooner where they matter: each instance keeps a mark of life in Redis
 * (a key that lapses ALIVE_MS after its last refresh, refreshed every ALIVE_RENEW_MS), and a connect that finds a cap
 * reached first drops the leases of instances without one, so the streams of a killed host reconnecting elsewhere
 * are not refused for the half minute its leases would live. The total stays per instance: it protects the process.
 * While Redis is away the caps are per instance; the leases of streams opened meanwhile are written at the next
 * renewal once it is back.
 */
export type StreamLimits = {
  /** Reserves a game-stream slot for `ip`; resolves to its release (idempotent), or null when a cap is reached. */
  acquire(ip: string): Promise<(() => void) | null>;
  /** Reserves a member-stream slot for player `userId` at `ip`; its release, or null when a cap is reached. */
  acquireUser(userId: number, ip: string): Promise<(() => void) | null>;
  /** Open streams in this process (all IPs and players, both kinds). */
  total(): number;
  /** Open game streams of one IP, in this process. */
  of(ip: string): number;
  /** Open member streams of one player, in this process. */
  ofUser(userId: number): number;
  /** Open member streams of one IP, in this process. */
  ofMemberIp(ip: string): number;
  /** Renews this process's leases now (the timer does it every LEASE_RENEW_MS). */
  renew(): Promise<void>;
  /** Stops renewing; the leases still held are removed. */
  close(): Promise<void>;
};

/** A stream's lease in Redis lives this long unless renewed: the longest a dead instance's streams keep their slots. */
export const LEASE_MS = 30_000;
/** How often an instance renews the leases of its open streams. */
export const LEASE_RENEW_MS = 10_000;
/** An instance's mark of life lapses this long after its last refresh: then its leases no longer count at a cap. */
export const ALIVE_MS = 3_000;
/** How often an instance refreshes its mark of life. */
export const ALIVE_RENEW_MS = 1_000;
/** The sorted sets themselves go when no instance has touched them for this long. */
const KEY_TTL_MS = 2 * LEASE_MS;

// KEYS: one sorted set per cap. ARGV: now (ms), the lease's expiry (ms), its member ('<instance>:<n>'), the sets'
// TTL (ms), the prefix of the instances' marks of life, this instance's mark's life (ms), then each cap's maximum.
// Refreshes this instance's mark; drops the expired leases, and at a cap reached the leases of instances without a
// mark (dead); refuses (0) when a cap is still reached, else adds the lease to every set (1).
const ACQUIRE = `
local now = tonumber(ARGV[1])
local alive = ARGV[5]
redis.call('SET', alive .. string.match(ARGV[3], '^[^:]+'), '1', 'PX', ARGV[6])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  local max = tonumber(ARGV[6 + i])
  if redis.call('ZCARD', key) >= max then
    for _, m in ipairs(redis.call('ZRANGE', key, 0, -1)) do
      local instance = string.match(m, '^[^:]+')
      if redis.call('EXISTS', alive .. instance) == 0 then redis.call('ZREM', key, m) end
    end
    if redis.call('ZCARD', key) >= max then return 0 end
  end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[3])
  redis.call('PEXPIRE', key, ARGV[4])
end
return 1
`;

/** ACQUIRE as a command of the client (sent by its SHA once Redis has it, not as the script's text each time). */
const ACQUIRE_COMMAND = 'fairdrawStreamAcquire';
type AcquireCommand = (keyCount: number, ...keysThenArgs: (string | number)[]) => Promise<unknown>;

type Cap = { kind: 'game-ip' | 'user' | 'member-ip'; key: string; max: number };

function counter() {
  const byKey = new Map<string, number>();
  return {
    get: (k: string) => byKey.get(k) ?? 0,
    add(k: string) {
      byKey.set(k, (byKey.get(k) ?? 0) + 1);
    },
    remove(k: string) {
      const left = (byKey.get(k) ?? 1) - 1;
      if (left > 0) byKey.set(k, left);
      else byKey.delete(k);
    },
  };
}

export type StreamLimitsOptions = {
  maxPerIp: number;
  maxTotal: number;
  maxPerUser?: number;
  maxMemberPerIp?: number;
  /** Where the per-IP and per-player caps are shared across instances (none: per instance). */
  shared?: SharedStore;
  /** The app's clock: leases expire by it. */
  now: () => Date;
  log?: FastifyBaseLogger;
};

export function streamLimits({
  maxPerIp,
  maxTotal,
  maxPerUser = maxPerIp,
  maxMemberPerIp = maxPerIp,
  shared,
  now,
  log,
}: StreamLimitsOptions): StreamLimits {
  const local = { 'game-ip': counter(), user: counter(), 'member-ip': counter() };
  let total = 0;
  // This instance's open leases: member → the sets it is in.
  const leases = new Map<string, string[]>();
  const instance = randomBytes(6).toString('hex');
  let seq = 0;
  const redis = shared?.redis;
  if (redis && !(ACQUIRE_COMMAND in redis)) redis.defineCommand(ACQUIRE_COMMAND, { lua: ACQUIRE });
  const setOf = (cap: Cap) => `${shared?.prefix ?? ''}streams:${cap.kind}:${cap.key}`;
  const alivePrefix = `${shared?.prefix ?? ''}streams:alive:`;

  /** Adds the lease in Redis if every shared cap allows it; true when it does, or when Redis is away (per instance). */
  const acquireShared = async (member: string, caps: Cap[]): Promise<boolean> => {
    if (!redis || !shared?.available()) return true;
    const at = now().getTime();
    try {
      const acquireCommand = (redis as unknown as Record<typeof ACQUIRE_COMMAND, AcquireCommand>)[ACQUIRE_COMMAND];
      const ok = await acquireCommand.call(
        redis,
        caps.length,
        ...caps.map(setOf),
        at,
        at + LEASE_MS,
        member,
        KEY_TTL_MS,
        alivePrefix,
        ALIVE_MS,
        ...caps.map((c) => c.max),
      );
      return ok === 1;
    } catch (err) {
      shared.failed(err);
      return true;
    }
  };

  const take = async (caps: Cap[]) => {
    // Reserved here first, before any await, so parallel connects to this instance cannot all pass the check.
    if (total >= maxTotal || caps.some((c) => local[c.kind].get(c.key) >= c.max)) return null;
    for (const c of caps) local[c.kind].add(c.key);
    total += 1;
    const member = `${instance}:${(seq += 1)}`;
    const sets = caps.map(setOf);
    leases.set(member, sets);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      total -= 1;
      for (const c of caps) local[c.kind].remove(c.key);
      leases.delete(member);
      // Best effort: a lease not removed here expires within LEASE_MS. Plain commands, not a MULTI: the releases of
      // a crowd leaving at once go to Redis together (auto-pipelining, lib/shared-store.ts).
      if (redis && shared?.available()) {
        for (const s of sets) redis.zrem(s, member).catch((err: unknown) => shared.failed(err));
      }
    };
    if (!(await acquireShared(member, caps))) {
      // Refused by another instance's streams: nothing was added in Redis.
      released = true;
      total -= 1;
      for (const c of caps) local[c.kind].remove(c.key);
      leases.delete(member);
      return null;
    }
    return release;
  };

  const renew = async () => {
    if (!redis || !shared?.available() || leases.size === 0) return;
    const expiry = now().getTime() + LEASE_MS;
    const m = redis.multi();
    for (const [member, sets] of leases) {
      for (const s of sets) {
        m.zadd(s, expiry, member);
        m.pexpire(s, KEY_TTL_MS);
      }
    }
    try {
      await m.exec();
    } catch (err) {
      log?.warn({ err }, 'stream leases not renewed');
      shared.failed(err);
    }
  };
  const timer = redis ? setInterval(() => void renew(), LEASE_RENEW_MS) : undefined;
  timer?.unref();
  // The mark of life, while this instance holds leases (the acquire script sets it too); a failure is the renewal's
  // to report.
  const alive = redis
    ? setInterval(() => {
        if (leases.size > 0 && shared?.available())
          redis.set(`${alivePrefix}${instance}`, '1', 'PX', ALIVE_MS).catch(() => undefined);
      }, ALIVE_RENEW_MS)
    : undefined;
  alive?.unref();

  return {
    acquire: (ip) => take([{ kind: 'game-ip', key: ip, max: maxPerIp }]),
    acquireUser: (userId, ip) =>
      take([
        { kind: 'user', key: String(userId), max: maxPerUser },
        { kind: 'member-ip', key: ip, max: maxMemberPerIp },
      ]),
    total: () => total,
    of: (ip) => local['game-ip'].get(ip),
    ofUser: (userId) => local.user.get(String(userId)),
    ofMemberIp: (ip) => local['member-ip'].get(ip),
    renew,
    async close() {
      if (timer) clearInterval(timer);
      if (alive) clearInterval(alive);
      if (!redis || !shared?.available() || leases.size === 0) return;
      const m = redis.multi();
      for (const [member, sets] of leases) for (const s of sets) m.zrem(s, member);
      leases.clear();
      await m.exec().catch(() => undefined);
    },
  };
}
