import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API } from '@fairdraw/contract';
import { call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { appAtForFile, openPeriod, playItems } from '../../test/bets-helper.ts';

// docs/trust.md 6: a bet's idempotency key answers its first answer again byte for byte — the same status, body
// text and content type, with `idempotent-replayed: true` — as withdrawals and deposits do, whatever language the
// retry asks in; another request with the key is 422 IDEMPOTENCY_KEY_REUSED.

const T = new Date('2031-01-10T05:00:20Z');
let t: TestApp;
let op: string;

appAtForFile(T, (s) => ({ t, op } = s));

async function slipOf(cash: number, amount: number) {
  const p = await registerPlayer(t.app);
  if (cash > 0) await fund(t.app, op, p.token, cash);
  const k3 = await openPeriod(t.app, 'df_k3');
  const play = (await playItems(t.app, 'df_k3'))[0]?.id;
  return { p, play, body: { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount }] } };
}

const bet = (token: string, body: unknown, key: string, lang: string) =>
  call(t.app, 'POST', API.bet, { headers: { token, lang, 'idempotency-key': key }, body });

describe('POST /api/game/bet: a replay is the first answer', () => {
  it('a placed slip: the same bytes, status and content type, asked in another language', async () => {
    const { p, play, body } = await slipOf(10_000, 300);
    const first = await bet(p.token, body, 'bet-bytes-0001', 'en');
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    for (const lang of ['th', 'zh-cn', 'en']) {
      const again = await bet(p.token, body, 'bet-bytes-0001', lang);
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    const other = await bet(p.token, { ...body, items: [{ play_id: play, amount: 400 }] }, 'bet-bytes-0001', 'en');
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it("a placed slip's text is stored with its key in the batch's own transaction, not written after it", async () => {
    const { p, body } = await slipOf(10_000, 300);
    const first = await bet(p.token, body, 'bet-bytes-0003', 'en');
    expect(first.status).toBe(200);
    const { rows } = await sql<{ text: string | null; same_transaction: boolean }>`
      select k.response_text as text, k.xmin::text = b.xmin::text as same_transaction
        from idempotency_keys k join bets b on b.id = k.bet_id
       where k.key = 'bet-bytes-0003' and b.id = ${(first.body.data as { id: number }).id}`.execute(t.app.db);
    expect(rows).toEqual([{ text: first.text, same_transaction: true }]);
  });

  it('a refused slip: its first refusal, byte for byte; only the replays say they are replays', async () => {
    const { p, play, body } = await slipOf(0, 300);
    const first = await bet(p.token, body, 'bet-bytes-0002', 'en');
    expect(first.status).toBe(400);
    expect(first.body.error).toBe('INSUFFICIENT_BALANCE');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await bet(p.token, body, 'bet-bytes-0002', 'th');
    expect(again.status).toBe(400);
    expect(again.text).toBe(first.text);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await bet(p.token, { ...body, items: [{ play_id: play, amount: 400 }] }, 'bet-bytes-0002', 'en');
    expect(other.status, other.text).toBe(422);
    expect(other.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
