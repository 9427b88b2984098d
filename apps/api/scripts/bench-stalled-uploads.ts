/**
 * `node --expose-gc scripts/bench-stalled-uploads.ts` (in apps/api): what 40 uploads stalled just before their end
 * hold in the server's memory. Boots the app in this process (in-memory PGlite), opens 40 avatar uploads of ~5 MB
 * each on raw sockets, sends all of each body but its last bytes, and prints the process's memory (after a full
 * garbage collection) before, while they stall, and after they are closed. The request timeout is set long, so the
 * stall is measured and not cut short.
 */
import { readdirSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { uploadDir } from '../src/lib/uploads.ts';
import { buildTestApp, registerPlayer } from '../src/test/helper.ts';

const UPLOADS = Number(process.env.UPLOADS ?? 40);
const FILE_BYTES = Number(process.env.FILE_BYTES ?? 5 * 1024 * 1024 - 4096);

const boundary = 'fdbench';
const head = Buffer.from(
  `--${boundary}\r\ncontent-disposition: form-data; name="avatar"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
);
const file = Buffer.alloc(FILE_BYTES, 0x20);
file.set([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
const length = head.length + file.length + tail.length;

if (process.argv[2] === '--client') {
  const port = Number(process.argv[3]);
  const token = process.argv[4]!;
  const sockets: net.Socket[] = [];
  await Promise.all(
    Array.from({ length: UPLOADS }, async () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      sockets.push(socket);
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/user/avatar HTTP/1.1\r\nhost: x\r\ntoken: ${token}\r\n` +
          `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${length}\r\n\r\n`,
      );
      // Everything but the file's last 16 bytes and the closing boundary.
      await new Promise((resolve) => socket.write(Buffer.concat([head, file.subarray(0, file.length - 16)]), resolve));
    }),
  );
  process.stdout.write('sent\n');
  await sleep(600_000);
}

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');

/** The process's memory after full collections (array buffers are freed by a background sweep: collect twice). */
async function held(): Promise<{ heapMB: number; externalMB: number; rssMB: number }> {
  gc!();
  await sleep(200);
  gc!();
  await sleep(200);
  gc!();
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  return { heapMB: mb(m.heapUsed), externalMB: mb(m.external), rssMB: mb(m.rss) };
}

const t = await buildTestApp(
  { REQUEST_TIMEOUT_MS: '600000', AUTH_RATE_LIMIT_MAX: '1000' },
  { ledgerCheckOnClose: false },
);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;
const { token } = await registerPlayer(t.app);

// Where the current code writes files as they arrive (lib/uploads.ts); empty with code that buffers them.
const incoming = uploadDir(t.config.dataDir, 'incoming');
const before = await held();
// The 40 clients run in a process of their own, so their buffers are not counted as the server's.
const client = spawn(process.execPath, [fileURLToPath(import.meta.url), '--client', String(port), token], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) => client.stdout.once('data', resolve));
await sleep(3_000);
const stalled = await held();
const onDisk = readdirSync(incoming).reduce((n, f) => n + statSync(join(incoming, f)).size, 0);
client.kill();
await sleep(1_500);
const after = await held();
console.log(
  JSON.stringify({ uploads: UPLOADS, fileBytes: FILE_BYTES, before, stalled, after, onDiskMB: onDisk / 2 ** 20 }),
);
await t.close();
process.exit(0);
