import { describe, expect, it } from 'vitest';
import type { AdminPlay } from '@fairdraw/contract';
import { gameLimitSchema, liveRtp, playsSchema, playsValues } from './game-plays-schema.ts';

// A play won in 1 of 3 outcomes, never pushed: odds 3.0000 return exactly 100 %.
const play: AdminPlay = {
  id: 7,
  code: 'k3.test',
  name: 'Test',
  group: 'g',
  group_name: 'G',
  odds_editable: true,
  current: { odds_bps: 29_000, min_stake: 100, max_stake: 10_000 },
  next: { odds_bps: 29_000, min_stake: 100, max_stake: 10_000 },
  next_from: null,
  chances: { win: 1, push: 0, total: 3 },
};
const ctx = { exponent: 2, games_id: 3, plays: [play] };
const parse = (row: Partial<{ odds_bps: string; min_stake: string; max_stake: string }>) =>
  playsSchema(ctx).safeParse({ items: [{ ...playsValues([play], 2).items[0]!, ...row }] });
const keys = (r: ReturnType<typeof parse>) =>
  r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('the plays form', () => {
  it('shows the odds with four decimals and the stakes as amounts', () => {
    expect(playsValues([play], 2).items[0]).toEqual({
      play_id: 7,
      odds_bps: '2.9000',
      min_stake: '1.00',
      max_stake: '100.00',
    });
  });

  it('computes the RTP live, exactly: 2.9999 is below 100 % though it rounds to 100', () => {
    expect(liveRtp(play, '2.9')).toEqual({ percent: 96.67, ok: true });
    expect(liveRtp(play, '2.9999')).toEqual({ percent: 100, ok: true });
    expect(liveRtp(play, '3')).toEqual({ percent: 100, ok: false });
    expect(liveRtp(play, 'abc')).toBeNull();
  });

  it('turns typed rows into the request, or names each field’s key', () => {
    const ok = parse({ odds_bps: '2.95', max_stake: '50' });
    expect(ok.success && ok.data).toEqual({
      games_id: 3,
      items: [{ play_id: 7, odds_bps: 29_500, min_stake: 100, max_stake: 5_000 }],
    });
    expect(keys(parse({ odds_bps: '3.0000' }))).toContain('items.0.odds_bps:RTP_TOO_HIGH');
    expect(keys(parse({ odds_bps: '1' }))).toContain('items.0.odds_bps:ODDS_INVALID');
    expect(keys(parse({ min_stake: '20', max_stake: '10' }))).toContain('items.0.max_stake:AMOUNT_INVALID');
    expect(keys(parse({ min_stake: '' }))).toContain('items.0.min_stake:REQUIRED_FIELDS');
  });
});

describe("the game's own per-period limit form", () => {
  const limit = (text: string, previous: number | null = 500_000) =>
    gameLimitSchema({ exponent: 2, games_id: 3, previous }).safeParse({ period_max_per_player: text });

  it('reads an amount, or empty as none, saved over the value shown', () => {
    const set = limit('1,500.50');
    expect(set.success && set.data).toEqual({ games_id: 3, period_max_per_player: 150_050, previous: 500_000 });
    const cleared = limit('  ');
    expect(cleared.success && cleared.data).toEqual({ games_id: 3, period_max_per_player: null, previous: 500_000 });
    const first = limit('20', null);
    expect(first.success && first.data).toEqual({ games_id: 3, period_max_per_player: 2_000, previous: null });
  });

  it('names the key of an amount that is not one, or is zero', () => {
    for (const text of ['0', 'abc', '1.234', '-5']) {
      const r = limit(text);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toContain(
        'period_max_per_player:AMOUNT_INVALID',
      );
    }
  });
});
