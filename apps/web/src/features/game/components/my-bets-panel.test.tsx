// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { useState, type ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import type { BetSlip } from '@fairdraw/contract';
import { getToast } from '../../../lib/toast.ts';
import { formatAmount } from '../../../lib/money.ts';
import { en, renderWithApp } from '../../../test/render.tsx';
import { useSettledToasts } from '../lib/use-settled-toasts.ts';
import { MyBetsPanel } from './my-bets-panel.tsx';

const NOW = '20261123-0042';
const LAST = '20261123-0041';
const thb = (minor: number) => formatAmount(minor, 'THB', 2, 'en');

const slip = (id: number, issue: string, status: BetSlip['status'], payout: number | null = null): BetSlip => ({
  id,
  games_id: 1,
  game_code: 'df_pk10',
  game_name: 'PK10',
  issue,
  wallet: 'cash',
  total: 1_000,
  status,
  payout,
  result: null,
  seal_at: 0,
  draw_at: 0,
  cancellable: false,
  created_at: 0,
  settled_at: null,
  items: [
    {
      id: id * 10,
      play_id: 5,
      code: 'pk10.pos1.num3',
      name: 'Position 1: car 3',
      group: 'position-1',
      numbers: null,
      odds: 9.8,
      odds_bps: 98_000,
      amount: 1_000,
      status,
      payout,
    },
  ],
});

function Panel({ slips, action }: { slips: BetSlip[]; action?: (s: BetSlip) => ReactNode }) {
  useSettledToasts(slips);
  return <MyBetsPanel slips={slips} issue={NOW} lastIssue={LAST} action={action} />;
}

describe('MyBetsPanel', () => {
  it('lists the slips of this issue, then those of the last draw, each with the action given', () => {
    renderWithApp(
      <Panel
        slips={[slip(3, NOW, 'unsettled'), slip(2, LAST, 'won', 9_800), slip(1, '20261123-0040', 'lost', 0)]}
        action={(s) => <button type="button">act {s.id}</button>}
      />,
    );
    const now = screen.getByTestId('my-bets-now');
    expect(
      within(now)
        .getAllByTestId('bet-item')
        .map((e) => e.textContent),
    ).toHaveLength(1);
    expect(within(now).getByRole('button', { name: 'act 3' })).toBeTruthy();
    const last = screen.getByTestId('my-bets-last');
    expect(within(last).getAllByTestId('bet-item')).toHaveLength(1);
    expect(within(last).getByTestId('bet-status').textContent).toContain(en('bets.status.won'));
    // A winning slip can be copied into the slip: its plays and stakes go to the game's screen as a shared slip.
    const copy = within(last).getByTestId('bet-copy').getAttribute('href') ?? '';
    expect(new URL(copy, 'https://x.test').searchParams.get('slip')).toBe('pk10.pos1.num3~1000');
    expect(within(now).queryByTestId('bet-copy')).toBeNull();
    // The slip two draws back is not on this panel.
    expect(screen.queryByText('#1', { exact: false })).toBeNull();
  });

  it('calls a slip that won a play but paid back less than its stake "partly won", never "won"', () => {
    renderWithApp(<Panel slips={[slip(2, LAST, 'won', 990)]} />);
    const status = within(screen.getByTestId('my-bets-last')).getByTestId('bet-status').textContent ?? '';
    expect(status).toContain(en('bets.partlyWon'));
    expect(status).not.toContain('✓');
    // A loss takes the minus sign every amount of money takes.
    expect(screen.getByTestId('bet-net').textContent).toBe('-THB\u00a00.10');
  });

  it('says so when there is no bet on this issue', () => {
    renderWithApp(<Panel slips={[slip(2, LAST, 'lost', 0)]} />);
    expect(screen.getByTestId('my-bets-empty').textContent).toBe(en('bet.mineEmpty'));
  });

  it('raises a toast when a slip on screen settles: won with its payout, or lost', async () => {
    const steps = [
      [slip(7, NOW, 'unsettled'), slip(8, NOW, 'unsettled'), slip(6, LAST, 'won', 500)],
      [slip(7, NOW, 'won', 9_800), slip(8, NOW, 'unsettled'), slip(6, LAST, 'won', 500)],
      [slip(7, NOW, 'won', 9_800), slip(8, NOW, 'lost', 0), slip(6, LAST, 'won', 500)],
    ];
    function Steps() {
      const [step, setStep] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setStep((n) => n + 1)}>
            next
          </button>
          <Panel slips={steps[step]!} />
        </>
      );
    }
    const { user } = renderWithApp(<Steps />);
    // A slip already settled when the list first arrives says nothing.
    expect(getToast()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(getToast()?.text).toBe(en('bet.toastWon', { id: 7, issue: NOW, amount: thb(9_800) }));
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(getToast()?.text).toBe(en('bet.toastLost', { id: 8, issue: NOW, amount: thb(0) }));
  });
});
