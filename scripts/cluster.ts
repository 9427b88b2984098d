/**
 * `npm run cluster`: several API hosts, each in its own network namespace, behind HAProxy on 127.0.0.1:8088, with
 * their own PostgreSQL primary and replica and Redis (scripts/cluster/, docs/scaling.md). `npm run cluster:down`
 * removes all of it. Also: `node scripts/cluster.ts status`, `kill <host>` (SIGKILL) and `start <host>`.
 * Needs root (namespaces, links, runuser); installs HAProxy, Redis and nftables with apt-get when missing.
 */
import { down, killHost, printStatus, restartHost, up } from './cluster/index.ts';

const [command = 'up', arg] = process.argv.slice(2);

try {
  if (process.getuid?.() !== 0) throw new Error('needs root: it makes network namespaces and links');
  if (command === 'up') await up();
  else if (command === 'down') await down();
  else if (command === 'status') await printStatus();
  else if (command === 'kill' && arg) console.log(`cluster: killed ${arg} (pid ${killHost(arg) ?? 'none'})`);
  else if (command === 'start' && arg) console.log(`cluster: ${arg} healthy again (pid ${await restartHost(arg)})`);
  else throw new Error('usage: node scripts/cluster.ts [up | down | status | kill <host> | start <host>]');
} catch (err) {
  console.error(`cluster: ${(err as Error).message}`);
  process.exitCode = 1;
}
