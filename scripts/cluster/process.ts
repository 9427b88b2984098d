/**
 * Running commands and the cluster's long-lived processes: each is started detached (it outlives `npm run cluster`),
 * its output appended to a file under .cluster/logs/ and its pid written under .cluster/run/.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './topology.ts';

/** Runs a command to completion and answers its stdout; throws with its stderr when it fails. */
export function sh(cmd: string, args: string[], input?: string): string {
  try {
    return execFileSync(cmd, args, { cwd: root, input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')}: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

/** Like sh, but a failure is an answer (false), not an error: for teardown steps that may have nothing to do. */
export function trySh(cmd: string, args: string[]): boolean {
  try {
    sh(cmd, args);
    return true;
  } catch {
    return false;
  }
}

/** Runs a command as the `postgres` user (initdb and the server refuse root). */
export const asPostgres = (cmd: string, args: string[]) => sh('runuser', ['-u', 'postgres', '--', cmd, ...args]);

export function commandExists(cmd: string): boolean {
  return trySh('sh', ['-c', `command -v ${cmd}`]);
}

/** Installs Debian packages when a command is missing (apt-get update first only when the install fails). */
export function ensureCommand(cmd: string, pkg: string): void {
  if (commandExists(cmd)) return;
  console.log(`cluster: installing ${pkg}`);
  if (!trySh('apt-get', ['install', '-y', '-q', pkg])) {
    sh('apt-get', ['update', '-q']);
    sh('apt-get', ['install', '-y', '-q', pkg]);
  }
  if (!commandExists(cmd)) throw new Error(`${pkg} installed but ${cmd} is still missing`);
}

export function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie still answers signal 0: it is dead all the same.
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

export function readPid(pidFile: string): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Starts a detached process whose output goes to `log` and whose pid goes to `pidFile`; answers the pid. */
export function startDetached(
  cmd: string,
  args: string[],
  opts: { log: string; pidFile: string; env?: NodeJS.ProcessEnv },
): number {
  mkdirSync(dirname(opts.log), { recursive: true });
  mkdirSync(dirname(opts.pidFile), { recursive: true });
  const out = openSync(opts.log, 'a');
  try {
    const child = spawn(cmd, args, {
      cwd: root,
      env: opts.env ?? process.env,
      detached: true,
      stdio: ['ignore', out, out],
    });
    if (child.pid === undefined) throw new Error(`${cmd} did not start`);
    child.unref();
    writeFileSync(opts.pidFile, `${child.pid}\n`);
    return child.pid;
  } finally {
    closeSync(out);
  }
}

export async function waitFor(what: string, ready: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`cluster: ${what} not within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(everyMs);
  }
}

/** Stops the process in `pidFile`: SIGTERM, then SIGKILL after `graceMs`; removes the pid file. */
export async function stopPid(pidFile: string, graceMs = 10_000, everyMs = 200): Promise<void> {
  const pid = readPid(pidFile);
  if (isAlive(pid)) {
    process.kill(pid!, 'SIGTERM');
    try {
      await waitFor(`pid ${pid} to stop`, () => !isAlive(pid), graceMs, everyMs);
    } catch {
      if (isAlive(pid)) process.kill(pid!, 'SIGKILL');
      await waitFor(`pid ${pid} to die`, () => !isAlive(pid), 5_000);
    }
  }
  rmSync(pidFile, { force: true });
}
