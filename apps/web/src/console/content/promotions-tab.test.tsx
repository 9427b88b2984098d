// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { API, LANGS, type AdminPromotion } from '@fairdraw/contract';
import { renderWithApp } from '../../test/render.tsx';
import { PromotionsTab } from './promotions-tab.tsx';

const api = vi.hoisted(() => ({
  apiRequest: vi.fn<(path: string, init?: { method?: string; body?: unknown }) => Promise<unknown>>(),
}));
vi.mock('../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../lib/api-client.ts')>()),
  apiRequest: api.apiRequest,
}));

const PROMOTION: AdminPromotion = {
  id: 7,
  title: { ...Object.fromEntries(LANGS.map((l) => [l, `Promo ${l}`])), en: 'Promo' },
  body: Object.fromEntries(LANGS.map((l) => [l, `Details ${l}`])),
  image: '/art/banners/1.svg',
  link: null,
  starts_at: Date.UTC(2026, 0, 1),
  ends_at: Date.UTC(2026, 11, 31),
  sort: 0,
  enabled: true,
  live: true,
  updated_at: Date.UTC(2026, 0, 1),
};
const calls = (path: string) => api.apiRequest.mock.calls.filter(([p]) => p === path).map(([, i]) => i?.body);
beforeEach(() => {
  api.apiRequest.mockReset();
  api.apiRequest.mockImplementation((path, init) => {
    if (path === API.adminActivityList) return Promise.resolve({ list: [PROMOTION], has_more: false });
    if (path === API.adminActivitySave) return Promise.resolve({ ...PROMOTION, ...(init?.body as object) });
    return Promise.resolve({ id: PROMOTION.id });
  });
});

describe('PromotionsTab editor', () => {
  it('saves the promotion under edit with its id and keeps the editor open on it', async () => {
    const { user } = renderWithApp(<PromotionsTab />);
    await user.click(await screen.findByText('Promo'));
    await user.click(await screen.findByTestId('promotion-save'));
    await waitFor(() => expect(calls(API.adminActivitySave)).toHaveLength(1));
    expect(calls(API.adminActivitySave)[0]).toMatchObject({ id: 7, image: '/art/banners/1.svg', link: null });
    expect(screen.getByTestId('promotion-editor')).toBeTruthy();
  });

  it('deletes only after the second tap, then closes the editor', async () => {
    const { user } = renderWithApp(<PromotionsTab />);
    await user.click(await screen.findByText('Promo'));
    expect(screen.queryByTestId('promotion-delete-confirm')).toBeNull();
    await user.click(screen.getByRole('button', { name: /delete/i }));
    expect(calls(API.adminActivityDelete)).toHaveLength(0);
    await user.click(screen.getByTestId('promotion-delete-confirm'));
    await waitFor(() => expect(calls(API.adminActivityDelete)).toEqual([{ id: 7 }]));
    await waitFor(() => expect(screen.queryByTestId('promotion-editor')).toBeNull());
  });

  it('a new promotion has no delete button; close shuts the editor', async () => {
    const { user } = renderWithApp(<PromotionsTab />);
    await user.click(await screen.findByTestId('promotion-new'));
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
    await user.click(screen.getByTestId('promotion-close'));
    expect(screen.queryByTestId('promotion-editor')).toBeNull();
  });
});
