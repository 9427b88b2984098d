import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
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
    });
    expect(c.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
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

  it('turns the Home cache off with 0', () => {
    expect(loadConfig({ HOME_CACHE_MS: '0' }).homeCacheMs).toBe(0);
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
