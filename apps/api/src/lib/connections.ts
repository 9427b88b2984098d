/**
 * Limits on connections, before any request is parsed: how many one client address may hold open at once. With
 * the request, header, keep-alive and idle timeouts (app.ts, from config.ts), a client can neither keep a request
 * open for ever by trickling it nor hold the server's sockets by the thousand.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open connections of one peer address, as counted for MAX_CONNECTIONS_PER_IP (0 when the cap is off). */
    openConnections: (ip: string) => number;
  }
}

/**
 * How often Node checks the header and request timeouts of open connections (its default, 30 s, would let a 30 s
 * limit run to a minute): a tenth of the shorter limit, between 100 ms and 5 s.
 */
export function connectionsCheckingInterval(config: Pick<Config, 'requestTimeoutMs' | 'headersTimeoutMs'>): number {
  const shorter = Math.min(config.requestTimeoutMs, config.headersTimeoutMs);
  return Math.min(5_000, Math.max(100, Math.floor(shorter / 10)));
}

/**
 * Counts the open connections of each peer address and closes at once, before a byte of it is read, a connection
 * beyond `max` (0 = no cap). The peer is the socket's: behind a proxy (TRUST_PROXY) it is the proxy, so the caller
 * passes 0 there and the proxy caps connections per client.
 */
export function capConnectionsPerIp(server: Server, max: number): { of: (ip: string) => number } {
  const open = new Map<string, number>();
  if (max > 0) {
    server.on('connection', (socket: Socket) => {
      const ip = socket.remoteAddress ?? '';
      const count = open.get(ip) ?? 0;
      if (count >= max) {
        socket.destroy();
        return;
      }
      open.set(ip, count + 1);
      socket.once('close', () => {
        const left = (open.get(ip) ?? 1) - 1;
        if (left > 0) open.set(ip, left);
        else open.delete(ip);
      });
    });
  }
  return { of: (ip) => open.get(ip) ?? 0 };
}
