/**
 * The cluster's network: a bridge with the gateway and the balancer's source address, one namespace per host on a
 * veth pair, and in each namespace a firewall that lets the API port be reached only from the balancer (so the
 * X-Forwarded-For a host trusts can only be HAProxy's). No default route, no forwarding, no NAT.
 */
import { BRIDGE, PREFIX, type Host, type Topology } from './topology.ts';
import { sh, trySh } from './process.ts';

const ip = (...args: string[]) => sh('ip', args);

/** Names of the namespaces the cluster made (any host count, from this or an earlier run). */
export function clusterNamespaces(): string[] {
  return sh('ip', ['netns', 'list'])
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => name.startsWith(`${PREFIX}-`));
}

function clusterLinks(): string[] {
  return sh('ip', ['-o', 'link', 'show'])
    .split('\n')
    .map((line) => /^\d+: ([^:@]+)/.exec(line)?.[1] ?? '')
    .filter((name) => name.startsWith(`${PREFIX}-`));
}

/** Refuses to build over an address range some other interface of the machine already routes. */
function checkSubnetFree(t: Topology): void {
  const routes = sh('ip', ['-4', 'route', 'show', t.subnet]).trim();
  if (routes !== '' && !routes.includes(`dev ${BRIDGE}`)) {
    throw new Error(`cluster: ${t.subnet} is already routed on this machine (${routes}); nothing was changed`);
  }
}

export function createBridge(t: Topology): void {
  checkSubnetFree(t);
  ip('link', 'add', BRIDGE, 'type', 'bridge');
  ip('addr', 'add', `${t.gateway}/24`, 'dev', BRIDGE);
  // The balancer's own address: its connections to the hosts come from here, and nothing else does by default.
  ip('addr', 'add', `${t.balancerSource}/24`, 'dev', BRIDGE);
  ip('link', 'set', BRIDGE, 'up');
}

/** The firewall of one host's namespace: its API port answers the balancer only; everything else is open. */
function firewall(t: Topology, host: Host): string {
  return [
    'table inet fairdraw {',
    '  chain input {',
    '    type filter hook input priority 0; policy accept;',
    '    iif lo accept',
    `    tcp dport ${host.port} ip saddr ${t.balancerSource} accept`,
    `    tcp dport ${host.port} reject with tcp reset`,
    '  }',
    '}',
    '',
  ].join('\n');
}

export function createNamespace(t: Topology, host: Host): void {
  const ns = host.namespace;
  ip('netns', 'add', ns);
  ip('link', 'add', host.veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns);
  ip('link', 'set', host.veth, 'master', BRIDGE);
  ip('link', 'set', host.veth, 'up');
  ip('-n', ns, 'link', 'set', 'lo', 'up');
  ip('-n', ns, 'addr', 'add', `${host.address}/24`, 'dev', 'eth0');
  ip('-n', ns, 'link', 'set', 'eth0', 'up');
  sh('ip', ['netns', 'exec', ns, 'nft', '-f', '-'], firewall(t, host));
}

/** Removes every namespace and link the cluster made; nothing to remove is fine. */
export function removeNetwork(): void {
  for (const ns of clusterNamespaces()) trySh('ip', ['netns', 'delete', ns]);
  // Deleting a namespace deletes its veth ends; whatever is left (a half-made pair, the bridge) goes now.
  for (const link of clusterLinks()) trySh('ip', ['link', 'delete', link]);
}

export function networkExists(t: Topology): boolean {
  const namespaces = clusterNamespaces();
  return trySh('ip', ['link', 'show', BRIDGE]) && t.hosts.every((h) => namespaces.includes(h.namespace));
}
