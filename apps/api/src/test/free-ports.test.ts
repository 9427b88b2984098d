import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts, lostPort } from './free-ports.ts';

describe('ports for test servers', () => {
  it('are distinct, below the ephemeral range, and free to bind', async () => {
    const ports = await freePorts(3);
    expect(new Set(ports).size).toBe(3);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
      const srv = createServer();
      await new Promise<void>((ok, fail) => {
        srv.once('error', fail);
        srv.listen(port, '127.0.0.1', ok);
      });
      await new Promise((r) => srv.close(r));
    }
  });

  it('tell a lost port from any other failed start', () => {
    expect(lostPort('{"err":{"code":"EADDRINUSE"},"msg":"failed to start"}')).toBe(true);
    expect(lostPort('{"err":{"code":"ECONNREFUSED"},"msg":"failed to start"}')).toBe(false);
  });
});
