import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      redirectAllowList: [],
      sessionTtlHours: 720,
      loginMaxFailures: 5,
      loginLockMinutes: 15,
      rateLimitMax: 600,
      homeCacheMs: 1000,
      sessionCacheMs: 60_000,
      logLevel: 'info',
      maintenanceUrl: undefined,
      operator: undefined,
      sseMaxPerIp: 6,
      sseMaxTotal: 10_000,
      pixSandboxSecret: undefined,
      paymentsSandbox: true,
    });
    expect(c.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('METRICS_PORT: 0 turns the metrics listener off; out of range is refused', () => {
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '10.0.0.5' })).toMatchObject({
      metricsPort: 0,
      metricsHost: '10.0.0.5',
    });
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(ConfigError);
  });

  it('reads and coerces overrides', () => {
    const c = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIRECT_ALLOWLIST:
        'https://a.example, http://b.example, https://u@c.example, nonsense, https://d.example:8443/path',
      LOGIN_MAX_FAILURES: '3',
      TRUST_PROXY: 'true',
      OPERATOR_ACCOUNT: 'boss',
      OPERATOR_PASSWORD: 'secret123',
    });
    expect(c.port).toBe(9000);
    expect(c.databaseUrl).toBe('postgres://u@h:5432/db');
    // Only https origins without credentials survive; paths are reduced to the origin.
    expect(c.redirectAllowList).toEqual(['https://a.example', 'https://d.example:8443']);
    expect(c.loginMaxFailures).toBe(3);
    expect(c.trustProxy).toBe(true);
    expect(c.operator).toEqual({ account: 'boss', password: 'secret123' });
  });

  it('reads TRUST_PROXY as a yes, a no, or the balancers’ addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.89.0.2' }).trustProxy).toEqual(['10.89.0.2']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', 'balancer.internal', '1.2.3.4,'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('uses DATABASE_REPLICA_URL only with DATABASE_URL (PGlite has no replica)', () => {
    const replica = 'postgres://u@replica:5432/db';
    expect(loadConfig({ DATABASE_REPLICA_URL: replica }).databaseReplicaUrl).toBeUndefined();
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', DATABASE_REPLICA_URL: replica });
    expect(c.databaseReplicaUrl).toBe(replica);
    expect(c.replicaMaxLagMs).toBe(5000);
    expect(loadConfig({ REPLICA_MAX_LAG_MS: '250' }).replicaMaxLagMs).toBe(250);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'not a url' })).toThrow(/DATABASE_REPLICA_URL/);
  });

  it('turns the Home cache off with 0', () => {
    expect(loadConfig({ HOME_CACHE_MS: '0' }).homeCacheMs).toBe(0);
  });

  it('reads the live-stream caps; 0 turns streaming off', () => {
    const c = loadConfig({ SSE_MAX_PER_IP: '0', SSE_MAX_TOTAL: '50' });
    expect([c.sseMaxPerIp, c.sseMaxTotal]).toEqual([0, 50]);
  });

  it('has connection limits and an upload quota by default; headers may not take longer than the request', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      idleTimeoutMs: 60_000,
      maxConnectionsPerIp: 64,
      sseMaxMemberPerIp: 6,
      uploadDailyMaxFiles: 20,
      uploadDailyMaxBytes: 30 * 1024 * 1024,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '2000' }).headersTimeoutMs).toBe(2000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(ConfigError);
  });

  it('reads two roles: the owner migrates (MIGRATION_DATABASE_URL), the app runs as DATABASE_URL', () => {
    const c = loadConfig({
      MIGRATION_DATABASE_URL: 'postgres://fd_owner@db:5432/fairdraw',
      DATABASE_URL: 'postgres://fd_app@db:5432/fairdraw',
    });
    expect(c.migrationDatabaseUrl).toBe('postgres://fd_owner@db:5432/fairdraw');
    expect(loadConfig({ MIGRATION_DATABASE_URL: '' }).migrationDatabaseUrl).toBeUndefined();
  });

  it.each([
    { MIGRATION_DATABASE_URL: 'postgres://fd_owner@db/fairdraw' },
    { MIGRATION_DATABASE_URL: 'postgres://fd_app@db/fairdraw', DATABASE_URL: 'postgres://fd_app@db/fairdraw' },
    { MIGRATION_DATABASE_URL: 'postgres://db/fairdraw', DATABASE_URL: 'postgres://fd_app@db/fairdraw' },
    { MIGRATION_DATABASE_URL: 'postgres://fd_owner@db/other', DATABASE_URL: 'postgres://fd_app@db/fairdraw' },
    { MIGRATION_DATABASE_URL: 'postgres://fd_owner@db2/fairdraw', DATABASE_URL: 'postgres://fd_app@db/fairdraw' },
  ])('refuses two roles that are not two users of one database: %j', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    { PORT: 'eighty' },
    { PORT: '70000' },
    { LOGIN_MAX_FAILURES: '0' },
    { LOG_LEVEL: 'loud' },
    { DATABASE_URL: 'not a url' },
    { TRUST_PROXY: 'yes please' },
    { HOME_CACHE_MS: '-1' },
    { SSE_MAX_PER_IP: '-1' },
    { SSE_MAX_PER_IP: 'many' },
    { SSE_MAX_TOTAL: '1.5' },
  ])('refuses %j', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });

  it('refuses a maintenance address that is not allow-listed', () => {
    expect(() => loadConfig({ MAINTENANCE_URL: 'https://status.example' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ MAINTENANCE_URL: 'javascript:alert(1)', REDIRECT_ALLOWLIST: 'https://status.example' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ MAINTENANCE_URL: 'https://status.example/now', REDIRECT_ALLOWLIST: 'https://status.example' })
        .maintenanceUrl,
    ).toBe('https://status.example/now');
  });

  it('takes no payment provider secret it could guess: empty is unset, short is refused (decision 0007)', () => {
    expect(loadConfig({ PIX_SANDBOX_SECRET: '' }).pixSandboxSecret).toBeUndefined();
    for (const weak of ['sandbox-secret', 'secret', 'changeme', 'test', 'sandbox', ' ', 'x'.repeat(31)]) {
      expect(() => loadConfig({ PIX_SANDBOX_SECRET: weak }), weak).toThrow(ConfigError);
      expect(() => loadConfig({ PIX_SANDBOX_SECRET: weak }), weak).toThrow(/PIX_SANDBOX_SECRET/);
    }
    const long = 'k'.repeat(32);
    expect(loadConfig({ PIX_SANDBOX_SECRET: long }).pixSandboxSecret).toBe(long);
    // The old production-only rule is gone: every start is judged alike.
    expect(loadConfig({ NODE_ENV: 'production' }).pixSandboxSecret).toBeUndefined();
  });

  it('PAYMENTS_SANDBOX: on by default, off removes the sandbox', () => {
    expect(loadConfig({ PAYMENTS_SANDBOX: 'off' }).paymentsSandbox).toBe(false);
    expect(loadConfig({ PAYMENTS_SANDBOX: 'on' }).paymentsSandbox).toBe(true);
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'no' })).toThrow(ConfigError);
  });

  it('arms a fault point only for tests: refused without NODE_ENV=test, and refused when it names no point', () => {
    expect(loadConfig({}).faultPoint).toBeUndefined();
    expect(loadConfig({ FAULT_POINT: 'idempotency.committed', NODE_ENV: 'test' }).faultPoint).toBe(
      'idempotency.committed',
    );
    expect(() => loadConfig({ FAULT_POINT: 'idempotency.committed' })).toThrow(ConfigError);
    expect(() => loadConfig({ FAULT_POINT: 'idempotency.committed', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ FAULT_POINT: 'nowhere', NODE_ENV: 'test' })).toThrow(ConfigError);
  });
});
