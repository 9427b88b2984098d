// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API, type GameCategory } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { en, renderWithApp } from '../../../test/render.tsx';
import { RulePage } from './rule-page.tsx';
import { HistoryPage } from './history-page.tsx';

vi.mock('../../../lib/api-client.ts', async (load) => ({
  ...(await load<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);

const CATEGORIES: GameCategory[] = [
  {
    id: 1,
    code: 'pk10',
    name: 'PK10',
    games: [{ id: 2, code: 'df_pk10', name: 'PK10 ten minutes', image: '', family: 'pk10', category_id: 1 }],
  },
  {
    id: 2,
    code: 'dice',
    name: 'Dice',
    games: [{ id: 5, code: 'df_k3', name: 'K3', image: '', family: 'k3', category_id: 2 }],
  },
];

beforeEach(() => {
  request.mockReset();
  request.mockImplementation((path: string) =>
    path === API.category ? Promise.resolve(CATEGORIES) : new Promise(() => {}),
  );
});

describe('a game screen opened without a game', () => {
  it.each([
    ['/rule', RulePage],
    ['/history', HistoryPage],
  ] as const)('%s offers every game, each opening the same screen for it', async (path, Page) => {
    renderWithApp(<Page />, { at: path });
    await screen.findByTestId('game-picker');
    expect(screen.getByText(en('draw.chooseGame'))).toBeTruthy();
    expect(screen.queryByText(en('draw.unknownGame'))).toBeNull();
    expect(screen.getByTestId('pick-df_pk10').getAttribute('href')).toBe(`${path}?type=df_pk10&category_id=2`);
    expect(screen.getByTestId('pick-df_k3').getAttribute('href')).toBe(`${path}?type=df_k3&category_id=5`);
  });

  it('says an unknown game was not found, and still offers the games', async () => {
    renderWithApp(<RulePage />, { at: '/rule?type=nope&category_id=99' });
    await screen.findByTestId('game-picker');
    expect(screen.getByText(en('draw.unknownGame'))).toBeTruthy();
  });
});
