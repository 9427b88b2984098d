import { createServer, get } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendFrame } from './event-stream.ts';

/** An open event stream: the server's side of one connection, its headers already sent. */
async function openStream(): Promise<{ res: ServerResponse; close: () => void }> {
  let res: ServerResponse | undefined;
  const server = createServer((_req, r) => {
    res = r;
    r.writeHead(200, { 'content-type': 'text/event-stream' });
    r.write(': open\n\n');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  const client = await new Promise<import('node:http').IncomingMessage>((ok) => get(`http://127.0.0.1:${port}/`, ok));
  await new Promise<void>((ok) => client.once('data', () => ok()));
  return {
    res: res!,
    close: () => {
      client.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Promises that resolve one after another without ever waiting for I/O, as queries of the embedded database do. */
async function busyChain(steps: number, each: () => void): Promise<void> {
  for (let i = 0; i < steps; i++) {
    await Promise.resolve();
    each();
  }
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('an event stream frame', () => {
  it('leaves at once, even while a chain of promises keeps the next process tick from coming', async () => {
    const stream = await openStream();
    close = stream.close;
    const socket = stream.res.socket!;
    const seen: { corked: number; waiting: number }[] = [];
    let sent = false;
    await busyChain(3, () => {
      if (!sent) sendFrame(stream.res, Buffer.from('event: result\ndata: {}\n\n'));
      sent = true;
      seen.push({ corked: socket.writableCorked, waiting: socket.writableLength });
    });
    // Handed to the kernel when written: nothing corked, nothing waiting in the socket, at every step of the chain.
    expect(seen).toEqual([
      { corked: 0, waiting: 0 },
      { corked: 0, waiting: 0 },
      { corked: 0, waiting: 0 },
    ]);
  });

  it('a plain write waits in the corked socket until the chain has ended (what sendFrame is for)', async () => {
    const stream = await openStream();
    close = stream.close;
    const socket = stream.res.socket!;
    const seen: { corked: number; waiting: boolean }[] = [];
    let wrote = false;
    await busyChain(3, () => {
      if (!wrote) stream.res.write(Buffer.from('event: result\ndata: {}\n\n'));
      wrote = true;
      seen.push({ corked: socket.writableCorked, waiting: socket.writableLength > 0 });
    });
    expect(seen).toEqual([
      { corked: 1, waiting: true },
      { corked: 1, waiting: true },
      { corked: 1, waiting: true },
    ]);
    await new Promise((r) => setImmediate(r));
    expect(socket.writableCorked).toBe(0);
  });
});
