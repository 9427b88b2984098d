/**
 * Where a benchmark's CPU goes, from /proc (Linux): the whole machine's busy and total time, the PostgreSQL server's
 * processes' time (every process named `postgres`), and this process's own (the load generator). Two snapshots a
 * measured window apart give each one's share; divided by the work done in the window, CPU time per unit of work.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux this runs on). */
const TICK_MS = 10;

export type CpuSnapshot = { machineBusyMs: number; machineTotalMs: number; postgresMs: number; selfMs: number };

function machine(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal …
  const [, ...fields] = line.trim().split(/\s+/);
  const n = fields.map(Number);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

function postgres(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const rest = stat.slice(close + 2).split(' ');
      // After the name: state(0) … utime(11) stime(12).
      ticks += Number(rest[11]) + Number(rest[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * TICK_MS;
}

export function cpuSnapshot(): CpuSnapshot {
  const m = machine();
  const self = process.cpuUsage();
  return {
    machineBusyMs: m.busy,
    machineTotalMs: m.total,
    postgresMs: postgres(),
    selfMs: (self.user + self.system) / 1000,
  };
}

/** Each part's CPU time between two snapshots, in ms, and how busy the machine was (0–1 of all its cores). */
export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot) {
  return {
    postgresMs: b.postgresMs - a.postgresMs,
    selfMs: b.selfMs - a.selfMs,
    machineBusyMs: b.machineBusyMs - a.machineBusyMs,
    busyShare: (b.machineBusyMs - a.machineBusyMs) / Math.max(1, b.machineTotalMs - a.machineTotalMs),
  };
}

/** CPU time (ms) of each group of processes: the processes named by its root pids and all their descendants. */
export function processTreesMs(groups: Record<string, number[]>): Record<string, number> {
  const procs: { pid: number; ppid: number; ticks: number }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state(0) ppid(1) … utime(11) stime(12).
      procs.push({ pid: Number(entry), ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  const out: Record<string, number> = {};
  for (const [name, roots] of Object.entries(groups)) {
    const inTree = new Set(roots);
    // Parents come before their children in /proc's order but not always: go round until nothing is added.
    for (let added = true; added;) {
      added = false;
      for (const p of procs) {
        if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
          inTree.add(p.pid);
          added = true;
        }
      }
    }
    out[name] = procs.filter((p) => inTree.has(p.pid)).reduce((a, p) => a + p.ticks, 0) * TICK_MS;
  }
  return out;
}
