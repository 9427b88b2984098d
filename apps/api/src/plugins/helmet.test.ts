import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES, securityHeaders } from './helmet.ts';

describe('security headers', () => {
  it('are exactly the headers helmet itself sets on a real response', async () => {
    const options = {
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' as const },
    };
    const middleware = helmet(options);
    const server = createServer((req, res) => middleware(req, res, () => res.end('ok')));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const real: Record<string, string> = {};
      const transport = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
      res.headers.forEach((value, name) => {
        if (!transport.has(name)) real[name] = value;
      });
      expect({ ...securityHeaders(options) }).toEqual(real);
    } finally {
      server.close();
    }
  });

  it('carry the site policy: own origin only, no framing, no cross-origin isolation', () => {
    const h = securityHeaders();
    expect(h['content-security-policy']).toContain("default-src 'self'");
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['cross-origin-embedder-policy']).toBeUndefined();
  });
});
