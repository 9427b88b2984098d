/**
 * Verifies one period from the PUBLIC API, as any player could: fetches its record (GET /api/game/verify), then
 * recomputes SHA-256(seed) and the fd1 result locally with the domain's code and compares them with what the site
 * published. The site's own `verified` flag is not trusted.
 *
 *   npm run verify -w apps/api -- --game df_k3 --issue 20261122-0001 [--url http://localhost:8080]
 *
 * Prints OK (exit 0) or each mismatch (exit 1); exit 2 when the period cannot be fetched or is not drawn yet.
 */
import { parseArgs } from 'node:util';
import { commitment, drawFd1, findGame, seedFromHex } from '@fairdraw/domain';

const { values } = parseArgs({
  options: {
    game: { type: 'string' },
    issue: { type: 'string' },
    url: { type: 'string', default: 'http://localhost:8080' },
  },
});
if (!values.game || !values.issue) {
  console.error('usage: verify --game <code> --issue YYYYMMDD-NNNN [--url http://localhost:8080]');
  process.exit(2);
}
const base = values.url.replace(/\/$/, '');
const game = findGame(values.game);
if (!game) {
  console.error(`unknown game code ${values.game}`);
  process.exit(2);
}

type Envelope<T> = { code: number; msg: string; data: T };
async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: { lang: 'en' } });
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}

try {
  const games = await get<{ id: number; code: string }[]>('/api/game/games');
  const id = games.find((g) => g.code === game.code)?.id;
  if (id === undefined) throw new Error(`the site has no game ${game.code}`);
  const p = await get<{
    issue: string;
    algorithm: string;
    commitment: string;
    seed: string | null;
    beacon: string | null;
    result: number[] | null;
  }>(`/api/game/verify?games_id=${id}&issue=${encodeURIComponent(values.issue)}`);
  if (p.seed === null || p.result === null) {
    console.error(`${game.code} ${p.issue}: not drawn yet (commitment ${p.commitment}); the seed is still secret`);
    process.exit(2);
  }
  const problems: string[] = [];
  if (p.algorithm !== 'fd1') problems.push(`unknown algorithm ${p.algorithm}`);
  const seed = seedFromHex(p.seed);
  const c = commitment(seed);
  if (c !== p.commitment.toLowerCase())
    problems.push(`SHA-256(seed) = ${c}, but the published commitment is ${p.commitment}`);
  const recomputed = [
    ...drawFd1({ family: game.family, gameCode: game.code, issue: p.issue, seed, beacon: p.beacon ?? '' }),
  ];
  if (recomputed.join(',') !== p.result.join(',')) {
    problems.push(`fd1 gives ${recomputed.join(',')}, but the published result is ${p.result.join(',')}`);
  }
  if (problems.length > 0) {
    console.log(`MISMATCH ${game.code} ${p.issue}`);
    for (const m of problems) console.log(`  - ${m}`);
    process.exit(1);
  }
  console.log(`OK ${game.code} ${p.issue}: SHA-256(seed) = commitment ${c}; fd1 result ${recomputed.join(',')}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}
