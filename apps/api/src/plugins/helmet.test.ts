import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { API_OPTIONS, CSP_DIRECTIVES, isApiCall, securityHeaders } from './helmet.ts';

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

  it("on the API's JSON answers: the REST set (CSP, nosniff, frame denial, HSTS), not the document-only headers", () => {
    const api = securityHeaders(API_OPTIONS);
    const pages = securityHeaders();
    expect(api['content-security-policy']).toBe(pages['content-security-policy']);
    expect(api['x-content-type-options']).toBe('nosniff');
    expect(api['x-frame-options']).toBe('DENY');
    expect(api['strict-transport-security']).toBe(pages['strict-transport-security']);
    expect(api['cross-origin-resource-policy']).toBe('same-origin');
    expect(api['referrer-policy']).toBe('no-referrer');
    for (const name of [
      'x-xss-protection',
      'x-download-options',
      'x-dns-prefetch-control',
      'x-permitted-cross-domain-policies',
      'origin-agent-cluster',
      'cross-origin-opener-policy',
    ]) {
      expect(api[name]).toBeUndefined();
      expect(pages[name]).toBeDefined();
    }
    expect(Object.keys(api).length).toBeLessThan(Object.keys(pages).length);
  });

  it('tells an API call from a page, an asset and the API documentation', () => {
    expect(isApiCall('/api/game/play_items?group_id=1')).toBe(true);
    expect(isApiCall('/api/index/index')).toBe(true);
    expect(isApiCall('/api/docs')).toBe(false);
    expect(isApiCall('/api/docs/static/index.html')).toBe(false);
    expect(isApiCall('/')).toBe(false);
    expect(isApiCall('/game/1')).toBe(false);
    expect(isApiCall('/assets/index.js')).toBe(false);
  });
});
