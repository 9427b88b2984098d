import { describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { onPostgres, raceAppAtForFile, openPeriod, playItems, userIdOf } from '../../test/bets-helper.ts';
import { getBalances, ledgerCheck } from '../ledger/ledger.service.ts';

// Parallel bets against a player's own stake limit (docs/trust.md 29) on real PostgreSQL over real HTTP: the batch
// sums after locking the wallet, so slips sent together cannot pass the limit together. PostgreSQL only (PGlite
// runs one transaction at a time, so the test could not fail there).
const T = new Date('2031-01-10T05:00:20Z');

let t: TestApp;
let op: string;
let base: string;
raceAppAtForFile(T, (s) => ({ t, op, base } = s));

describe('parallel bets against a stake limit (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    '50 parallel slips against a daily stake limit for 12: exactly 12 accepted, ledger clean',
    async () => {
      const p = await registerPlayer(t.app);
      await fund(t.app, op, p.token, 100_000);
      const id = await userIdOf(t.app, p.token);
      const set = await call(t.app, 'POST', API.protectionLimits, {
        ...auth(p.token),
        body: { changes: [{ kind: 'stake', period: 'day', amount: 12_000 }] },
      });
      expect(set.status, set.text).toBe(200);
      const k3 = await openPeriod(t.app, 'df_k3');
      const ssc = await openPeriod(t.app, 'df_ssc');
      const plays = { k3: (await playItems(t.app, 'df_k3'))[0]?.id, ssc: (await playItems(t.app, 'df_ssc'))[0]?.id };
      const answers = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const body =
            i % 2 === 0
              ? { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: plays.k3, amount: 1_000 }] }
              : { games_id: ssc.game_id, issue: ssc.issue, items: [{ play_id: plays.ssc, amount: 1_000 }] };
          const res = await fetch(`${base}${API.bet}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token: p.token, lang: 'en' },
            body: JSON.stringify(body),
          });
          return { status: res.status, error: ((await res.json()) as { error?: string }).error };
        }),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(12);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.error === 'STAKE_LIMIT_REACHED')).toBe(true);
      const slips = await t.app.db.selectFrom('bets').select('total').where('user_id', '=', id).execute();
      expect(slips.reduce((s, b) => s + b.total, 0)).toBe(12_000);
      expect((await getBalances(t.app.db, id)).cash).toBe(88_000);
      expect((await ledgerCheck(t.app.db)).ok).toBe(true);
    },
  );
});
