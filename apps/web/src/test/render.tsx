// Component tests (unit tier, DOM from happy-dom: each *.test.tsx starts with `// @vitest-environment happy-dom`).
// renderWithApp renders a component as the app does: English texts (web + contract errors), a fresh query cache
// with the signed-in player's wallet in it, and a memory router.
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, type InitialEntry } from 'react-router';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { WalletData } from '@fairdraw/contract';
import errorsEn from '@fairdraw/contract/locales/en/errors.json';
import webEn from '../locales/en.json';
import { clearSession, setUserInfo } from '../lib/storage.ts';
import { walletQuery } from '../lib/server-state/wallet.ts';

afterEach(() => {
  cleanup();
  clearSession();
});

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  ns: ['translation', 'errors'],
  defaultNS: 'translation',
  resources: { en: { translation: webEn, errors: errorsEn } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** English texts as the screen shows them (web catalogue, or `errors:KEY`). */
export const en = (key: string, values?: Record<string, unknown>) => i18n.t(key, values ?? {});

export const TOKEN = 'test-token';

export const WALLET: WalletData = {
  balance: 1_000_000,
  frozen: 0,
  total_assets: 1_000_000,
  available: 1_000_000,
  currency: 'THB',
  exponent: 2,
  demo: false,
  fee: { percent_bps: 100, fixed: 0, min: 500, max: null },
  withdraw_min: 10_000,
  withdraw_max: 5_000_000,
  bonus: { locked: 0, requirement: 0, progress: 0, left: 0 },
  withdrawable: 1_000_000,
};

/** Renders `ui` for a signed-in player with `wallet`; returns Testing Library's queries and a user-event user. */
export function renderWithApp(
  ui: ReactElement,
  { wallet = WALLET, at }: { wallet?: WalletData; at?: InitialEntry } = {},
) {
  setUserInfo({ token: TOKEN, avatar: '', nickname: 'Tester', account: 'tester', is_guest: false, role: 'player' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(walletQuery(TOKEN).queryKey, wallet);
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={at ? [at] : undefined}>{ui}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, client };
}
