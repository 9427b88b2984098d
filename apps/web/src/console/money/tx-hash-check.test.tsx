// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminDeposit } from '@fairdraw/contract';
import { en, renderWithApp } from '../../test/render.tsx';
import { QueueItem } from './queue-item.tsx';

const api = vi.hoisted(() => ({ apiRequest: vi.fn<(path: string) => Promise<unknown>>() }));
vi.mock('../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../lib/api-client.ts')>()),
  apiRequest: api.apiRequest,
}));
beforeEach(() => {
  api.apiRequest.mockReset();
  api.apiRequest.mockResolvedValue({ providers: [], sandbox: false });
});

const HASH = `0x${'ab'.repeat(32)}`;
const deposit = (over: Partial<AdminDeposit>): AdminDeposit => ({
  id: 7,
  channel_id: 4,
  channel_type: 'crypto',
  channel_name: 'USDT-ERC20 (demo)',
  amount: 120_000,
  channel_currency: 'USDT',
  channel_amount: 3_600,
  rate: '0.03',
  status: 'pending',
  reason: null,
  created_at: 1_764_000_000_000,
  decided_at: null,
  br_code: null,
  pay_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  tx_hash: ` ${HASH.toUpperCase()}`,
  transfer: null,
  user: { user_id: 3, account: 'carol', nickname: 'Carol' },
  tx_hash_normalized: HASH,
  tx_hash_duplicate_of: null,
  tx_hash_seen: [],
  ...over,
});
const approve = () => screen.getByTestId<HTMLButtonElement>('admin-approve');

describe("the deposit queue's transaction check", () => {
  it('shows the normalised hash with a copy button, and says no other deposit names it', () => {
    renderWithApp(<QueueItem item={deposit({})} onAct={() => {}} kind="deposit" />);
    const check = screen.getByTestId('admin-tx-check');
    expect(check.dataset.state).toBe('first');
    expect(screen.getByTestId('admin-tx-hash').textContent).toBe(HASH);
    expect(
      within(check).getByRole('button', { name: en('common.copyWhat', { what: en('recharge.txHash') }) }),
    ).toBeTruthy();
    expect(screen.getByTestId('admin-tx-first').textContent).toContain(en('admin.txFirst'));
    expect(approve().disabled).toBe(false);
  });

  it('flags a legacy duplicate, lists the others with their outcome, and offers no Approve', () => {
    const item = deposit({
      tx_hash_duplicate_of: 2,
      tx_hash_seen: [
        { deposit_id: 2, user_id: 1, account: 'bob', status: 'pending', created_at: 1, duplicate: false },
        { deposit_id: 3, user_id: 2, account: 'alice', status: 'rejected', created_at: 2, duplicate: true },
      ],
    });
    renderWithApp(<QueueItem item={item} onAct={() => {}} kind="deposit" />);
    expect(screen.getByTestId('admin-tx-check').dataset.state).toBe('duplicate');
    expect(screen.getByTestId('admin-tx-duplicate').textContent).toBe(en('admin.txDuplicate', { id: 2 }));
    const rows = within(screen.getByTestId('admin-tx-seen')).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/#2 @bob.*Pending/),
      expect.stringMatching(new RegExp(`#3 @alice ${en('admin.txDuplicateTag')}.*Rejected`)),
    ]);
    expect(approve().disabled).toBe(true);
  });

  it('offers no Approve once another deposit naming the transfer was credited', () => {
    const item = deposit({
      tx_hash_seen: [{ deposit_id: 9, user_id: 1, account: 'bob', status: 'success', created_at: 1, duplicate: true }],
    });
    renderWithApp(<QueueItem item={item} onAct={() => {}} kind="deposit" />);
    expect(screen.getByTestId('admin-tx-check').dataset.state).toBe('seen');
    expect(approve().disabled).toBe(true);
  });
});
