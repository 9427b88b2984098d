import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isAllowedRedirect, parseAllowList } from '@fairdraw/contract';
import { isCurrencyCode } from '@fairdraw/domain';
import type { CurrencyCode } from '@fairdraw/domain';
import { FAULT_POINTS } from './lib/fault-point.ts';
import type { FaultPoint } from './lib/fault-point.ts';

/** A payment provider's webhook secret from the environment must be at least this long. */
export const PROVIDER_SECRET_MIN_LENGTH = 32;

const int = (fallback: number, min = 1, max = 1_000_000) => z.coerce.number().int().min(min).max(max).default(fallback);

/** Environment variables and their defaults. One place, validated at start so a typo fails fast, not at first use. */
const envSchema = z.object({
  PORT: int(8080, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  METRICS_PORT: int(9464, 0, 65535),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MIGRATION_DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_REPLICA_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REPLICA_MAX_LAG_MS: int(5_000, 100, 3_600_000),
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_KEY_PREFIX: z.string().default('fairdraw:'),
  REDIRECT_ALLOWLIST: z.string().default(''),
  WEB_DIST: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  SESSION_TTL_HOURS: int(720, 1, 24 * 365),
  LOGIN_MAX_FAILURES: int(5, 1, 1000),
  LOGIN_IP_MAX_FAILURES: int(20, 1, 100_000),
  LOGIN_ACCOUNT_MAX_FAILURES: int(50, 1, 100_000),
  LOGIN_LOCK_MINUTES: int(15, 1, 24 * 60),
  FUND_PASSWORD_MAX_FAILURES: int(5, 1, 1000),
  FUND_PASSWORD_LOCK_MINUTES: int(30, 1, 7 * 24 * 60),
  RATE_LIMIT_MAX: int(600, 1, 10_000_000),
  AUTH_RATE_LIMIT_MAX: int(30, 1, 10_000_000),
  HOME_CACHE_MS: int(1000, 0, 60_000),
  READ_CACHE_MS: int(1000, 0, 60_000),
  SESSION_CACHE_MS: int(60_000, 0, 600_000),
  TRUST_PROXY: z.string().default('false'),
  SSE_MAX_PER_IP: int(6, 0, 100_000),
  SSE_MAX_TOTAL: int(10_000, 0, 1_000_000),
  SSE_MAX_PER_USER: int(3, 0, 1000),
  SSE_MAX_MEMBER_PER_IP: int(6, 0, 100_000),
  SSE_FANOUT_CHUNK: int(1000, 0, 1_000_000),
  LISTEN_BACKLOG: int(4096, 1, 65_535),
  REQUEST_TIMEOUT_MS: int(30_000, 100, 3_600_000),
  HEADERS_TIMEOUT_MS: int(10_000, 100, 3_600_000),
  KEEP_ALIVE_TIMEOUT_MS: int(5_000, 100, 600_000),
  IDLE_TIMEOUT_MS: int(60_000, 0, 3_600_000),
  MAX_CONNECTIONS_PER_IP: int(64, 0, 1_000_000),
  UPLOAD_DAILY_MAX_FILES: int(20, 0, 1_000_000),
  UPLOAD_DAILY_MAX_BYTES: int(30 * 1024 * 1024, 0, 1_000_000_000_000),
  REPORT_REFRESH_SECONDS: int(300, 1, 900),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAINTENANCE_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OPERATOR_ACCOUNT: z.string().optional(),
  OPERATOR_PASSWORD: z.string().optional(),
  CURRENCY: z.string().default('THB'),
  DEMO_GRANT: int(1_000_000, 1, 1_000_000_000_000),
  BUSINESS_TIME_ZONE: z.string().min(1).default('Asia/Bangkok'),
  GAME_CYCLE_OVERRIDE_SECONDS: z
    .union([z.literal('').transform(() => undefined), z.coerce.number().int().min(10).max(86_400)])
    .optional(),
  // Empty means unset; when given, long enough not to be guessed.
  TOTP_KEY: z
    .literal('')
    .transform(() => undefined)
    .or(z.string().min(32, 'at least 32 characters'))
    .optional(),
  // Empty means unset; a secret, when given, is long enough not to be guessed (decision 0007).
  PIX_SANDBOX_SECRET: z
    .literal('')
    .transform(() => undefined)
    .or(z.string().min(PROVIDER_SECRET_MIN_LENGTH, `at least ${PROVIDER_SECRET_MIN_LENGTH} characters`))
    .optional(),
  PAYMENTS_SANDBOX: z
    .enum(['on', 'off', 'true', 'false', '1', '0', ''])
    .default('on')
    .transform((v) => v === 'on' || v === 'true' || v === '1' || v === ''),
  FAULT_POINT: z
    .enum(FAULT_POINTS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  NODE_ENV: z.string().optional(),
});

/** Every environment variable the API reads (the root README's configuration table lists exactly these). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  port: number;
  host: string;
  /** The metrics listener's port (GET /metrics); 0 = no metrics listener. */
  metricsPort: number;
  /** The metrics listener's address: loopback by default, so only the machine itself can scrape. */
  metricsHost: string;
  /** A directory for PGlite's files, or 'memory://' for a throw-away in-memory database. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL, two roles (docs/trust.md 4): the owner's connection, used only to migrate and grant at start; the app
   * runs as DATABASE_URL's user, which may only insert and read the append-only tables. Undefined = one role.
   */
  migrationDatabaseUrl: string | undefined;
  /**
   * A streaming replica of DATABASE_URL's server that serves the reads allowed to lag (plugins/replica.ts); undefined
   * = every read from the primary. Ignored without DATABASE_URL (PGlite has no replica).
   */
  databaseReplicaUrl: string | undefined;
  /** The replica serves no read while it is this many ms or more behind the primary (by the probe, lib/replica.ts). */
  replicaMaxLagMs: number;
  /**
   * The Redis the instances share their rate limits and stream caps through (lib/shared-store.ts); undefined = every
   * limit in memory, per instance.
   */
  redisUrl: string | undefined;
  /** What every key the API writes in that Redis starts with. */
  redisKeyPrefix: string;
  redirectAllowList: string[];
  webDist: string;
  sessionTtlHours: number;
  loginMaxFailures: number;
  loginIpMaxFailures: number;
  /** Failed logins of one account from all clients together within the window before the account locks for all. */
  loginAccountMaxFailures: number;
  loginLockMinutes: number;
  /**
   * The key that encrypts two-factor (TOTP) secrets at rest (TOTP_KEY); when undefined, a random one is generated at
   * the first start and kept in DATA_DIR, apart from the database (modules/auth/totp-key.ts).
   */
  totpKey: string | undefined;
  /** Wrong fund passwords within the window before withdrawals lock. */
  fundPasswordMaxFailures: number;
  /** The fund-password counting window and lock length. */
  fundPasswordLockMinutes: number;
  rateLimitMax: number;
  authRateLimitMax: number;
  /** How long the Home answer of a language is kept in memory, ms (0 = off: every call reads the database). */
  homeCacheMs: number;
  /** How long a public game read (lib/public-read.ts) is kept, ms; 0 = off. */
  readCacheMs: number;
  /** How long a checked session is kept in memory (plugins/auth.ts); 0 reads it on every request. */
  sessionCacheMs: number;
  /**
   * Whose X-Forwarded-For is believed (Fastify's trustProxy): false = nobody's, true = every peer's, else the
   * addresses and CIDR ranges of the balancers (and proxy-addr's names loopback, linklocal, uniquelocal).
   */
  trustProxy: boolean | string[];
  /** Concurrent live streams (GET /api/game/events) per client IP, per instance; 0 = streaming off. */
  sseMaxPerIp: number;
  /** Concurrent live streams in total, per instance; 0 = streaming off. */
  sseMaxTotal: number;
  /** Concurrent member streams (GET /api/user/events) per player, per instance; 0 = member streaming off. */
  sseMaxPerUser: number;
  /** Concurrent member streams per client IP, per instance (counted apart from the game streams); 0 = off. */
  sseMaxMemberPerIp: number;
  /**
   * Streams a live event is written to in one go before the fan-out lets the event loop run (accepts, reads, other
   * streams' bytes) and goes on with the next as many; 0 = every stream in one go.
   */
  sseFanoutChunk: number;
  /**
   * The listen backlog: connections the kernel holds, accepted or half-open, until the server takes them. The
   * kernel caps it at its own net.core.somaxconn; a crowd reconnecting at once overflows a short one.
   */
  listenBacklog: number;
  /** A request (its headers and whole body) must have arrived within this many ms, or it is answered 408 and closed. */
  requestTimeoutMs: number;
  /** A request's headers must have arrived within this many ms (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this many ms. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing is read or written for this many ms is closed; 0 = never. */
  idleTimeoutMs: number;
  /** Open connections per client address, per instance (beyond, closed at once); 0 = no cap; off behind TRUST_PROXY. */
  maxConnectionsPerIp: number;
  /** Files a player may upload per business day (support images, identity photos, avatars); 0 = none. */
  uploadDailyMaxFiles: number;
  /** Bytes (as stored, after re-encoding) a player may upload per business day. */
  uploadDailyMaxBytes: number;
  /** How often the scheduler's leader rebuilds today's report summary (at most 15 minutes, spec §9). */
  reportRefreshSeconds: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  maintenanceUrl: string | undefined;
  operator: { account: string; password: string } | undefined;
  /** The one currency of the ledger (ISO 4217 code known to the domain's currency.ts). */
  currency: CurrencyCode;
  /** Play money credited to each new guest's demo wallet, minor units. */
  demoGrant: number;
  /** IANA zone in which "today" and "yesterday" of reports and lists are counted. */
  businessTimeZone: string;
  /**
   * HMAC secret of the sandbox PIX provider's webhooks from PIX_SANDBOX_SECRET; when undefined, a random one is
   * generated at the first start and kept in the database (modules/payments/provider-secrets.ts).
   */
  pixSandboxSecret: string | undefined;
  /** PAYMENTS_SANDBOX: false removes the sandbox provider, its webhook and the operator's simulated payment. */
  paymentsSandbox: boolean;
  /** Tests and demos: every game draws every this many seconds (seal shrunk in proportion); undefined = real schedules. */
  gameCycleOverrideSeconds: number | undefined;
  /** Crash tests only (lib/fault-point.ts): where the process SIGKILLs itself; never set outside NODE_ENV=test. */
  faultPoint: FaultPoint | undefined;
};

export class ConfigError extends Error {}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: true/1 (every peer), false/0/empty (nobody), or a comma-separated list of addresses, CIDR ranges and
 * range names: only a peer in the list is believed about the client's address.
 */
export function parseTrustProxy(text: string): boolean | string[] {
  const value = text.trim();
  if (value === 'true' || value === '1') return true;
  if (value === '' || value === 'false' || value === '0') return false;
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.includes(entry)) continue;
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new ConfigError(
        'Invalid configuration: TRUST_PROXY: true, false, or a comma-separated list of addresses and CIDR ranges',
      );
    }
  }
  return entries;
}

/** The owner's and the runtime role's connections must reach one database as two different, named users. */
function checkTwoRoles(migrationUrl: string, databaseUrl: string | undefined): void {
  const fail = (why: string) => {
    throw new ConfigError(`Invalid configuration: MIGRATION_DATABASE_URL: ${why}`);
  };
  if (databaseUrl === undefined) fail('needs DATABASE_URL (the runtime role) as well');
  const owner = new URL(migrationUrl);
  const runtime = new URL(databaseUrl ?? '');
  if (!owner.username || !runtime.username) fail('both connection strings must name their user');
  if (owner.username === runtime.username) fail('the owner and the runtime role must be different users');
  if (owner.host !== runtime.host || owner.pathname !== runtime.pathname)
    fail('must reach the same server and database as DATABASE_URL');
}

/** Reads the configuration from an environment-like record (process.env, or a test's overrides). */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.data;
  const redirectAllowList = parseAllowList(e.REDIRECT_ALLOWLIST);
  // A maintenance address outside the allow-list could never be sent (reply.navigate refuses it), so refuse to start.
  if (e.MAINTENANCE_URL !== undefined && !isAllowedRedirect(e.MAINTENANCE_URL, redirectAllowList)) {
    throw new ConfigError('Invalid configuration: MAINTENANCE_URL must be an https address on REDIRECT_ALLOWLIST');
  }
  const operator =
    e.OPERATOR_ACCOUNT && e.OPERATOR_PASSWORD
      ? { account: e.OPERATOR_ACCOUNT, password: e.OPERATOR_PASSWORD }
      : undefined;
  if (!isCurrencyCode(e.CURRENCY)) throw new ConfigError(`Invalid configuration: CURRENCY: unknown currency`);
  try {
    new Intl.DateTimeFormat('en', { timeZone: e.BUSINESS_TIME_ZONE });
  } catch {
    throw new ConfigError('Invalid configuration: BUSINESS_TIME_ZONE: not an IANA time zone');
  }
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration: HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  }
  if (e.MIGRATION_DATABASE_URL !== undefined) checkTwoRoles(e.MIGRATION_DATABASE_URL, e.DATABASE_URL);
  if (e.FAULT_POINT !== undefined && e.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid configuration: FAULT_POINT is for crash tests only (NODE_ENV=test)');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_URL === undefined ? undefined : e.DATABASE_REPLICA_URL,
    replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    redirectAllowList,
    webDist: e.WEB_DIST,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginIpMaxFailures: e.LOGIN_IP_MAX_FAILURES,
    loginAccountMaxFailures: e.LOGIN_ACCOUNT_MAX_FAILURES,
    totpKey: e.TOTP_KEY,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    fundPasswordMaxFailures: e.FUND_PASSWORD_MAX_FAILURES,
    fundPasswordLockMinutes: e.FUND_PASSWORD_LOCK_MINUTES,
    rateLimitMax: e.RATE_LIMIT_MAX,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    homeCacheMs: e.HOME_CACHE_MS,
    readCacheMs: e.READ_CACHE_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sseMaxPerIp: e.SSE_MAX_PER_IP,
    sseMaxTotal: e.SSE_MAX_TOTAL,
    sseMaxPerUser: e.SSE_MAX_PER_USER,
    sseMaxMemberPerIp: e.SSE_MAX_MEMBER_PER_IP,
    sseFanoutChunk: e.SSE_FANOUT_CHUNK,
    listenBacklog: e.LISTEN_BACKLOG,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    uploadDailyMaxFiles: e.UPLOAD_DAILY_MAX_FILES,
    uploadDailyMaxBytes: e.UPLOAD_DAILY_MAX_BYTES,
    reportRefreshSeconds: e.REPORT_REFRESH_SECONDS,
    logLevel: e.LOG_LEVEL,
    maintenanceUrl: e.MAINTENANCE_URL,
    operator,
    currency: e.CURRENCY,
    demoGrant: e.DEMO_GRANT,
    businessTimeZone: e.BUSINESS_TIME_ZONE,
    pixSandboxSecret: e.PIX_SANDBOX_SECRET,
    paymentsSandbox: e.PAYMENTS_SANDBOX,
    gameCycleOverrideSeconds: e.GAME_CYCLE_OVERRIDE_SECONDS,
    faultPoint: e.FAULT_POINT,
  };
}
