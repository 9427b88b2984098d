import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS } from '../node-flags.ts';
import { NO_WEB_DIST } from './helper.ts';

/**
 * Real server processes for the fault tests (docs/trust.md 10, 11): `node apps/api/src/server.ts` on a given database,
 * its JSON log lines collected, SIGKILLed like a crashed machine. PostgreSQL only.
 */

export const SERVER_TS = fileURLToPath(new URL('../server.ts', import.meta.url));

export type LogLine = { msg?: string; level?: number; time?: number; [k: string]: unknown };

export type ServerProcess = {
  readonly name: string;
  readonly child: ChildProcess;
  readonly lines: LogLine[];
  readonly exited: Promise<number | null>;
  /** Everything the process wrote, stdout and stderr, as written. */
  readonly output: () => string;
  /** Resolves with the first log line matching `test` (already seen or future); rejects after `timeoutMs`. */
  readonly waitFor: (test: (l: LogLine) => boolean, timeoutMs?: number) => Promise<LogLine>;
  readonly kill: (signal?: NodeJS.Signals) => Promise<void>;
};

export function startServer(name: string, env: Record<string, string>): ServerProcess {
  // process.execPath: the Node running vitest (24, with type stripping), not the machine's default node.
  const child = spawn(process.execPath, [...API_NODE_FLAGS, SERVER_TS], {
    env: {
      ...process.env,
      // Shared limits only where a test asks for them: servers of different tests must not share one budget.
      REDIS_URL: '',
      HOST: '127.0.0.1',
      PORT: '0',
      // Several servers run side by side: none takes the fixed metrics port.
      METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      WEB_DIST: NO_WEB_DIST,
      DATA_DIR: 'memory://',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let output = '';
  const waiters: { test: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  let buf = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    output += chunk;
    buf += chunk;
    let nl = buf.indexOf('\n');
    while (nl >= 0) {
      const text = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      nl = buf.indexOf('\n');
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        line = { msg: text };
      }
      line.seenAt = Date.now();
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    output += chunk;
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = (test: (l: LogLine) => boolean, timeoutMs = 20_000) => {
    const seen = lines.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<LogLine>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`${name}: no such log line within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`));
      }, timeoutMs);
      waiters.push({
        test,
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
      });
    });
  };
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { name, child, lines, exited, output: () => output, waitFor, kill };
}

export const isLockAcquired = (l: LogLine) => l.msg === 'scheduler lock acquired: this instance acts';
export const isListening = (l: LogLine) => typeof l.msg === 'string' && l.msg.startsWith('listening on ');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
