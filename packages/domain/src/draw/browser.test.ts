import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
// Vite's bundler (vite, and so vitest, depends on it): the same one that builds the web app.
import { rolldown } from 'rolldown';

// A player's browser verifies a draw with the domain's own code (@fairdraw/domain/draw). Proof: the subpath bundled
// for the browser resolves every import without Node (a Node built-in would be left unresolved, and reported), and
// the bundle, run where there is no require, Buffer, process or node:crypto, reproduces a docs/fairness.md vector.

const SEED_A = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const C_A = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';

type DrawModule = typeof import('./fd1.ts');

async function browserBundle(): Promise<{ code: string; logs: string[] }> {
  const logs: string[] = [];
  const entry = new URL(import.meta.resolve('@fairdraw/domain/draw')).pathname;
  const bundle = await rolldown({
    input: entry,
    platform: 'browser',
    onLog: (level, log) => logs.push(`${level} ${log.code ?? ''} ${log.message}`),
  });
  const { output } = await bundle.generate({ format: 'iife', name: 'fd1' });
  await bundle.close();
  const chunk = output[0];
  return { code: chunk.code, logs };
}

describe('@fairdraw/domain/draw in a browser', () => {
  it('bundles for the browser with every import resolved, and the bundle verifies a published draw', async () => {
    const { code, logs } = await browserBundle();
    expect(logs).toEqual([]);

    // Only what a browser has (and Node's vm adds nothing of Node's own).
    const sandbox: { TextEncoder: typeof TextEncoder; fd1?: DrawModule } = { TextEncoder };
    runInNewContext(`${code}\nglobalThis.fd1 = fd1;`, sandbox);
    const fd1 = sandbox.fd1;
    if (!fd1) throw new Error('the bundle defined nothing');
    expect(runInNewContext('typeof require + typeof Buffer + typeof process', sandbox)).toBe(
      'undefinedundefinedundefined',
    );

    const seed = fd1.seedFromHex(SEED_A);
    expect(fd1.commitment(seed)).toBe(C_A);
    const vector = { family: 'pk10', gameCode: 'df_pk10', issue: '20261122-0001', seed } as const;
    expect(fd1.drawFd1(vector)).toEqual([4, 6, 9, 8, 1, 3, 7, 2, 10, 5]);
    expect(fd1.verifyDraw({ ...vector, commitment: C_A, result: [4, 6, 9, 8, 1, 3, 7, 2, 10, 5] })).toBe(true);
    expect(fd1.verifyDraw({ ...vector, commitment: C_A, result: [4, 6, 9, 8, 1, 3, 7, 2, 5, 10] })).toBe(false);
  });
});
