/**
 * The reference of the read benchmarks: a bare node:http server answering the same bytes to every request, in a
 * process of its own — as the API is — so that it does not share an event loop (and a core) with the load generator.
 *
 * Run directly (`node bench/bare-server.ts`) it reads the body from its parent over IPC and answers with its port.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export type BareServer = { url: string; close: () => void };

/** Starts the reference answering `body` (JSON) with status 200. */
export async function startBareServer(body: string): Promise<BareServer> {
  const child = fork(fileURLToPath(import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((ok, fail) => {
    child.once('message', (m) => ok(Number(m)));
    child.once('exit', (code) => fail(new Error(`bare server exited with ${code}`)));
    child.send(body);
  });
  child.removeAllListeners('exit');
  return { url: `http://127.0.0.1:${port}/`, close: () => child.kill() };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  process.once('message', (body) => {
    const bytes = Buffer.from(String(body));
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(bytes);
    });
    server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
    process.once('disconnect', () => process.exit(0));
  });
}
