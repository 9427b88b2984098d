import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import type { Lang } from '@fairdraw/contract';
import { gamesQuery } from '../features/home/api/get-games.ts';
import { homeQuery } from '../features/home/api/get-home.ts';
import { loadScreenTexts, preloadScreenTexts } from '../lib/i18n.ts';
import { setNavigator } from '../lib/navigation.ts';
import {
  CONTENT_ROUTES,
  GAME_ROUTES,
  MONEY_ROUTES,
  PLAY_ROUTES,
  TABS,
  type ContentPage,
  type MoneyPage,
  type PlayPage,
  PATHS,
  normalizePath,
} from '../lib/paths.ts';
import { Root, ShellFallback, TabLayout } from './layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { queryClient } from './providers.tsx';

// Every screen is its own chunk, loaded on demand (React.lazy; the router's location changes in a transition, so the
// screen on show stays until the next one's chunk is here). The declarative router keeps react-router's data layer
// (loaders, actions, fetchers: ~17 KB gzip) off every first load; no screen uses it.
const home = () => import('../features/home/pages/home-page.tsx').then((m) => ({ Component: m.HomePage }));

/**
 * A page module: its screen, and what its first paint reads from the API, to ask for as soon as the module is here
 * (a first visit's data is not held back until the screen has rendered).
 */
type Page = { Component: ComponentType; prefetch?: (lang: Lang, search: URLSearchParams) => void };
// The money screens (lib/paths.ts MONEY_ROUTES): one lazy chunk per page; aliases share it.
type Lazy = () => Promise<Page>;
const MONEY: Record<MoneyPage, Lazy> = {
  my: () => import('../features/my/pages/my-page.tsx').then((m) => ({ Component: m.MyPage })),
  wallet: () => import('../features/wallet/pages/wallet-page.tsx').then((m) => ({ Component: m.WalletPage })),
  recharge: () => import('../features/recharge/pages/recharge-page.tsx').then((m) => ({ Component: m.RechargePage })),
  records: () => import('../features/recharge/pages/records-page.tsx').then((m) => ({ Component: m.RecordsPage })),
  cards: () => import('../features/payout-methods/pages/cards-page.tsx').then((m) => ({ Component: m.CardsPage })),
  bindBank: () =>
    import('../features/payout-methods/pages/bind-bank-page.tsx').then((m) => ({ Component: m.BindBankPage })),
  virtual: () =>
    import('../features/payout-methods/pages/virtual-page.tsx').then((m) => ({ Component: m.VirtualPage })),
  virtualAdd: () =>
    import('../features/payout-methods/pages/virtual-add-page.tsx').then((m) => ({ Component: m.VirtualAddPage })),
  fundPassword: () =>
    import('../features/security/pages/fund-password-page.tsx').then((m) => ({ Component: m.FundPasswordPage })),
  loginPassword: () =>
    import('../features/security/pages/login-password-page.tsx').then((m) => ({ Component: m.LoginPasswordPage })),
  withdraw: () => import('../features/withdraw/pages/withdraw-page.tsx').then((m) => ({ Component: m.WithdrawPage })),
  admin: () => import('../console/console-page.tsx').then((m) => ({ Component: m.ConsolePage })),
  msg: () => import('../features/inbox/pages/msg-page.tsx').then((m) => ({ Component: m.MsgPage })),
  msgDetail: () => import('../features/inbox/pages/msg-detail-page.tsx').then((m) => ({ Component: m.MsgDetailPage })),
  support: () => import('../features/support/pages/support-page.tsx').then((m) => ({ Component: m.SupportPage })),
  bonus: () => import('../features/bonus/pages/bonus-page.tsx').then((m) => ({ Component: m.BonusPage })),
  identityCard: () =>
    import('../features/kyc/pages/identity-card-page.tsx').then((m) => ({ Component: m.IdentityCardPage })),
  profit: () => import('../features/report/pages/profit-page.tsx').then((m) => ({ Component: m.ProfitPage })),
};

// The game screens: one page for the five game routes, and the lobby, draw history, rules and bets around them.
const game: Lazy = () =>
  import('../features/game/pages/game-page.tsx').then((m) => ({ Component: m.GamePage, prefetch: m.prefetchGame }));
const PLAY: Record<PlayPage, Lazy> = {
  lobby: () => import('../features/game/pages/lobby-page.tsx').then((m) => ({ Component: m.LobbyPage })),
  history: () => import('../features/game/pages/history-page.tsx').then((m) => ({ Component: m.HistoryPage })),
  rule: () => import('../features/game/pages/rule-page.tsx').then((m) => ({ Component: m.RulePage })),
  bets: () => import('../features/game/pages/bets-page.tsx').then((m) => ({ Component: m.BetsPage })),
  betRecords: () =>
    import('../features/game/pages/bet-records-page.tsx').then((m) => ({ Component: m.BetRecordsPage })),
  openBets: () => import('../features/game/pages/open-bets-page.tsx').then((m) => ({ Component: m.OpenBetsPage })),
};

// Content operators publish (promotions).
const CONTENT: Record<ContentPage, Lazy> = {
  activity: () => import('../features/promotions/pages/activity-page.tsx').then((m) => ({ Component: m.ActivityPage })),
};
/**
 * A screen: its path, its module and the screens' texts it waits for (lib/i18n.ts loadScreenTexts): none (Home and
 * the account screens), the game page's part (a game page: the rest follows its first paint), or all of them.
 * `prefetch`: what its first paint reads, asked for with the entry (not with the page module).
 */
type Screen = { path: string; load: Lazy; texts: 'none' | 'game' | 'all'; prefetch?: (lang: Lang) => void };

/** A lazily loaded screen, arriving with the texts it waits for. */
function screen(load: Lazy, texts: Screen['texts']) {
  return lazy(() =>
    (texts === 'none' ? load() : Promise.all([load(), loadScreenTexts(texts)]).then(([page]) => page)).then((page) => ({
      default: page.Component,
    })),
  );
}

const login: Lazy = () => import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage }));
const register: Lazy = () =>
  import('../features/auth/pages/register-page.tsx').then((m) => ({ Component: m.RegisterPage }));
const langPage: Lazy = () => import('../features/lang/pages/lang-page.tsx').then((m) => ({ Component: m.LangPage }));

const tabPaths = new Set<string>(TABS.map((t) => t.path.toLowerCase()));
const moneyEntries = Object.entries(MONEY_ROUTES) as [string, MoneyPage][];
const playEntries = Object.entries(PLAY_ROUTES) as [string, PlayPage][];
const contentEntries = Object.entries<ContentPage>(CONTENT_ROUTES);

// One lazy component per page module: aliases share it, as they share the chunk.
const memo = new Map<Lazy, ComponentType>();
const componentOf = (s: Screen) => {
  let c = memo.get(s.load);
  if (!c) memo.set(s.load, (c = screen(s.load, s.texts)));
  return c;
};

/** The screens inside the tab layout (tab roots), and the others. */
const TAB_SCREENS: Screen[] = [
  ...moneyEntries
    .filter(([p]) => tabPaths.has(p.toLowerCase()))
    .map(([path, p]) => ({ path, load: MONEY[p], texts: 'all' as const })),
  ...playEntries
    .filter(([p]) => tabPaths.has(p.toLowerCase()))
    .map(([path, p]) => ({ path, load: PLAY[p], texts: 'all' as const })),
];
const OTHER_SCREENS: Screen[] = [
  { path: PATHS.login, load: login, texts: 'none' },
  { path: PATHS.register, load: register, texts: 'none' },
  { path: PATHS.lang, load: langPage, texts: 'none' },
  ...GAME_ROUTES.map((path) => ({ path, load: game, texts: 'game' as const })),
  ...playEntries
    .filter(([p]) => !tabPaths.has(p.toLowerCase()))
    .map(([path, p]) => ({ path, load: PLAY[p], texts: 'all' as const })),
  ...contentEntries.map(([path, p]) => ({ path, load: CONTENT[p], texts: 'all' as const })),
  ...moneyEntries
    .filter(([p]) => !tabPaths.has(p.toLowerCase()))
    .map(([path, p]) => ({ path, load: MONEY[p], texts: 'all' as const })),
];
// Home's banners (its largest paint) and game tiles are asked for as the entry runs, alongside its chunk and texts.
const HOME: Screen = {
  path: PATHS.home,
  load: home,
  texts: 'none',
  prefetch: (lang) => {
    void queryClient.prefetchQuery(homeQuery(lang));
    void queryClient.prefetchQuery(gamesQuery(lang));
  },
};
const Home = componentOf(HOME);

const BY_PATH = new Map<string, Screen>(
  [HOME, ...TAB_SCREENS, ...OTHER_SCREENS].map((s) => [normalizePath(s.path), s] as const),
);

/**
 * Starts fetching the chunk of the screen at `pathname` (and the screens' texts it needs) at once, alongside the
 * language's texts, instead of after them: the first screen's code is not held back by the catalogue's round trip.
 * What the screen's first paint reads from the API is asked for as soon as the entry runs (Home) or its module lands
 * (a game page), not once it has rendered.
 */
export function preloadRoute(pathname: string, search: string, lang: Lang): void {
  const s = BY_PATH.get(normalizePath(pathname));
  if (!s) return;
  s.prefetch?.(lang);
  void s
    .load()
    .then((page) => page.prefetch?.(lang, new URLSearchParams(search)))
    .catch(() => undefined);
  if (s.texts !== 'none') preloadScreenTexts(lang, s.texts);
}

/** The API client navigates in-app (lib/navigation.ts) through the router's navigate. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path) => void navigate(path)), [navigate]);
  return null;
}

const element = (s: Screen) => {
  const Screen = componentOf(s);
  return <Screen />;
};

export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <RouteErrorBoundary>
        <Suspense fallback={<ShellFallback />}>
          <Routes>
            <Route element={<Root />}>
              <Route element={<TabLayout />}>
                <Route index element={<Home />} />
                {TAB_SCREENS.map((s) => (
                  <Route key={s.path} path={s.path} element={element(s)} />
                ))}
              </Route>
              {OTHER_SCREENS.map((s) => (
                <Route key={s.path} path={s.path} element={element(s)} />
              ))}
              <Route path="*" element={<Navigate to={PATHS.home} replace />} />
            </Route>
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
