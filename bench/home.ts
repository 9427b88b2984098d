/**
 * `npm run bench`: requests per second of the Home call (GET /api/index/index, on PGlite) against a reference
 * measured in the same run on the same machine — a bare node:http server answering the very same bytes, in a process
 * of its own as the API is (bench/bare-server.ts). The ratio
 * is what to compare across commits; the absolute numbers depend on the machine.
 */
import autocannon from 'autocannon';
import { startSite } from '../e2e/harness.ts';
import { startBareServer } from './bare-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function measure(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

// Every connection of the load comes from one address: no per-address cap.
const site = await startSite(
  { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '10000000', MAX_CONNECTIONS_PER_IP: '0' },
  { needsWeb: false },
);
try {
  const headers = { lang: 'en' };
  const answer = await fetch(`${site.url}/api/index/index`, { headers });
  if (!answer.ok) throw new Error(`Home: HTTP ${answer.status}`);
  // The same bytes: Home's body with the API's own headers (until now the reference sent only a content type).
  const reference = await startBareServer(answer);
  const refUrl = reference.url;

  await measure(`${site.url}/api/index/index`, headers); // warm-up
  const ref = await measure(refUrl, headers);
  const home = await measure(`${site.url}/api/index/index`, headers);
  reference.close();

  console.log(`reference node:http  ${ref.rps.toFixed(0)} req/s  p99 ${ref.p99} ms`);
  console.log(`GET /api/index/index ${home.rps.toFixed(0)} req/s  p99 ${home.p99} ms  errors ${home.errors}`);
  console.log(`ratio home/reference ${(home.rps / ref.rps).toFixed(3)}`);
} finally {
  await site.stop();
}
