// Every route of the site in one place. Paths are matched case-insensitively: both spellings of /xingyun and
// /xingYun, /caijin and /caiJin are in use.

/** The five tab roots, in tab-bar order. Only Home is open without login. */
export const TABS = [
  { key: 'home', path: '/', testId: 'tab-home', loginRequired: false },
  { key: 'games', path: '/allGame', testId: 'tab-games', loginRequired: true },
  { key: 'bonus', path: '/caijin', testId: 'tab-bonus', loginRequired: true },
  { key: 'support', path: '/service', testId: 'tab-support', loginRequired: true },
  { key: 'my', path: '/my', testId: 'tab-my', loginRequired: true },
] as const;

/** Screens outside the tables below: Home and the account screens. */
export const BUILT_ROUTES = ['/', '/login', '/register', '/lang'] as const;

/**
 * The money screens, built for real: each path and the page that serves it (aliases share a page).
 * The router maps each page name to its lazily loaded module.
 */
export const MONEY_ROUTES = {
  '/my': 'my',
  '/purses': 'wallet',
  '/huiYuan': 'wallet',
  '/recharge': 'recharge',
  '/chongZhi': 'recharge',
  '/deposit': 'recharge',
  '/hyChong': 'recharge',
  '/transferBank': 'recharge',
  '/rechargeNotes': 'records',
  '/cards': 'cards',
  '/bindBank': 'bindBank',
  '/virtual': 'virtual',
  '/virtualAdd': 'virtualAdd',
  '/bindAddress': 'virtualAdd',
  '/setPwd': 'fundPassword',
  '/editPwdto': 'fundPassword',
  '/editPwd': 'loginPassword',
  '/withdraw': 'withdraw',
  '/hyTixian': 'withdraw',
  '/identityCard': 'identityCard',
  '/rechargeAdmin': 'admin',
  '/depositAdmin': 'admin',
  '/msg': 'msg',
  '/msgDetail': 'msgDetail',
  '/service': 'support',
  '/profit': 'profit',
  '/profits': 'profit',
  '/caiJin': 'bonus',
} as const;
export type MoneyPage = (typeof MONEY_ROUTES)[keyof typeof MONEY_ROUTES];
const MONEY_PATHS = Object.keys(MONEY_ROUTES) as (keyof typeof MONEY_ROUTES)[];

/** Game routes: their title is the game named by `?type=`. */
export const GAME_ROUTES = ['/pkShi', '/kuaisan', '/aoLiu', '/xingYun', '/shiShiCai'] as const;

/**
 * The screens around the games (lobby, draw history, rules, bets, the member bet records and the open slips of
 * every game): each path and the page that serves it.
 */
export const PLAY_ROUTES = {
  '/allGame': 'lobby',
  '/lotteryLobby': 'lobby',
  '/history': 'history',
  '/rule': 'rule',
  '/orders': 'bets',
  '/settled': 'bets',
  '/bettingHistory': 'bets',
  '/hyTou': 'betRecords',
  '/gameBet': 'openBets',
} as const;
export type PlayPage = (typeof PLAY_ROUTES)[keyof typeof PLAY_ROUTES];
const PLAY_PATHS = Object.keys(PLAY_ROUTES) as (keyof typeof PLAY_ROUTES)[];

/** Content operators publish (promotions): each path and the page that serves it. */
export const CONTENT_ROUTES = {
  '/activity': 'activity',
} as const;
export type ContentPage = (typeof CONTENT_ROUTES)[keyof typeof CONTENT_ROUTES];
const CONTENT_PATHS = Object.keys(CONTENT_ROUTES) as (keyof typeof CONTENT_ROUTES)[];

/** Any path listed above, in the spelling it is listed with. */
export type ListedPath =
  | (typeof TABS)[number]['path']
  | (typeof BUILT_ROUTES)[number]
  | keyof typeof MONEY_ROUTES
  | (typeof GAME_ROUTES)[number]
  | keyof typeof PLAY_ROUTES
  | keyof typeof CONTENT_ROUTES;

/**
 * The paths links and navigations use, by name: one name, one path, each one of the routes listed above (the
 * compiler checks). Code outside this file writes `PATHS.cards`, never '/cards' (eslint.config.js refuses a path
 * literal in `to=`, `href=`, `navigate(` and `navigateTo(`).
 */
export const PATHS = {
  home: TABS[0].path,
  games: TABS[1].path,
  bonus: TABS[2].path,
  support: TABS[3].path,
  my: TABS[4].path,
  login: '/login',
  register: '/register',
  lang: '/lang',
  wallet: '/purses',
  recharge: '/recharge',
  transferBank: '/transferBank',
  rechargeNotes: '/rechargeNotes',
  cards: '/cards',
  bindBank: '/bindBank',
  virtual: '/virtual',
  virtualAdd: '/virtualAdd',
  setFundPassword: '/setPwd',
  changeFundPassword: '/editPwdto',
  loginPassword: '/editPwd',
  withdraw: '/withdraw',
  admin: '/rechargeAdmin',
  adminWithdrawals: '/depositAdmin',
  lobby: '/lotteryLobby',
  history: '/history',
  rule: '/rule',
  orders: '/orders',
  settled: '/settled',
  bettingHistory: '/bettingHistory',
  betRecords: '/hyTou',
  openBets: '/gameBet',
  msg: '/msg',
  msgDetail: '/msgDetail',
  identityCard: '/identityCard',
  activity: '/activity',
  profit: '/profit',
  profits: '/profits',
} as const satisfies Record<string, ListedPath>;

/** A listed path with a query string: `withQuery(PATHS.cards, { tab: 'pix' })` is '/cards?tab=pix'. */
export function withQuery(path: ListedPath, query: string | Record<string, string>): string {
  const q = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  return q ? `${path}?${q}` : path;
}

/** Whether a location's pathname is the given listed path (case-insensitive, like the guard). */
export function isPath(pathname: string, path: ListedPath): boolean {
  return normalizePath(pathname) === normalizePath(path);
}

export const ALL_ROUTES: readonly string[] = [
  ...BUILT_ROUTES,
  ...MONEY_PATHS,
  ...GAME_ROUTES,
  ...PLAY_PATHS,
  ...CONTENT_PATHS,
];

/** Lower-case path without trailing slashes; '' becomes '/'. */
export function normalizePath(pathname: string): string {
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return p === '' ? '/' : p;
}

const ALLOWED = new Set(ALL_ROUTES.map(normalizePath));

/** The guard's fixed allow-list: anything else redirects to /. */
export function isAllowedPath(pathname: string): boolean {
  return ALLOWED.has(normalizePath(pathname));
}

const TAB_ROOTS = new Set<string>(TABS.map((t) => normalizePath(t.path)));
export function isTabRoot(pathname: string): boolean {
  return TAB_ROOTS.has(normalizePath(pathname));
}

const GAME_SET = new Set<string>(GAME_ROUTES.map(normalizePath));
export function isGameRoute(pathname: string): boolean {
  return GAME_SET.has(normalizePath(pathname));
}

/** The catalogue key of a route's title: `page.<canonical name>` (e.g. page.caiJin). */
export function pageKey(pathname: string): string {
  const n = normalizePath(pathname);
  const match = [...GAME_ROUTES, ...MONEY_PATHS, ...PLAY_PATHS, ...CONTENT_PATHS].find((r) => normalizePath(r) === n);
  return `page.${(match ?? '/').slice(1) || 'home'}`;
}
