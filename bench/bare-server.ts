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

/**
 * Starts the reference answering what the API answered: `answer`'s body, with status 200, its length and the
 * answer's own headers (those node:http writes itself aside: the date, the connection's, the length), so that both
 * send the same bytes and the load generator parses the same answer from each.
 */
export async function startBareServer(answer: Response): Promise<BareServer> {
  const transport = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers = Object.fromEntries([...answer.headers].filter(([name]) => !transport.has(name)));
  const body = await answer.text();
  const child = fork(fileURLToPath(import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((ok, fail) => {
    child.once('message', (m) => ok(Number(m)));
    child.once('exit', (code) => fail(new Error(`bare server exited with ${code}`)));
    child.send({ body, headers });
  });
  child.removeAllListeners('exit');
  return { url: `http://127.0.0.1:${port}/`, close: () => child.kill() };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  process.once('message', (message: { body: string; headers: Record<string, string> }) => {
    const bytes = Buffer.from(message.body);
    // With its length, as the API sends it (without one, node:http would send the body in chunks).
    const headers = [...Object.entries(message.headers).flat(), 'content-length', String(bytes.length)];
    const server = createServer((_req, res) => {
      res.writeHead(200, headers);
      res.end(bytes);
    });
    server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
    process.once('disconnect', () => process.exit(0));
  });
}
