// The screens of the site a content link may open: plain values, no zod, so Home can check a banner's link
// without loading the schemas (`@fairdraw/contract/site-links`).

/**
 * Every route the product spec lists (§2), in its spelling. The web's route table holds the same paths (a web test
 * compares them). A content link may name any of them but the operator console's.
 */
export const SITE_ROUTES = [
  '/',
  '/allGame',
  '/service',
  '/my',
  '/pkShi',
  '/lotteryLobby',
  '/purses',
  '/rechargeNotes',
  '/recharge',
  '/transferBank',
  '/virtual',
  '/withdraw',
  '/cards',
  '/gameBet',
  '/profits',
  '/setPwd',
  '/virtualAdd',
  '/deposit',
  '/rechargeAdmin',
  '/depositAdmin',
  '/bettingHistory',
  '/identityCard',
  '/bindBank',
  '/bindAddress',
  '/chongZhi',
  '/huiYuan',
  '/hyTixian',
  '/hyChong',
  '/hyTou',
  '/editPwd',
  '/editPwdto',
  '/lang',
  '/login',
  '/register',
  '/caijin',
  '/caiJin',
  '/aoLiu',
  '/shiShiCai',
  '/xingYun',
  '/msg',
  '/activity',
  '/profit',
  '/settled',
  '/orders',
  '/history',
  '/rule',
  '/kuaisan',
  '/msgDetail',
] as const;

const CONSOLE_ROUTES = new Set(['/rechargeadmin', '/depositadmin']);
const LINKABLE = new Set(SITE_ROUTES.map((p) => p.toLowerCase()).filter((p) => !CONSOLE_ROUTES.has(p)));

/** Longest content link. */
export const CONTENT_LINK_MAX = 200;

/**
 * A link to a screen of the site: a listed path (not the console's) and an optional query of simple `key=value`
 * pairs (letters, digits, `_` and `-`), e.g. `/kuaisan?type=k3_1`. Nothing else: no scheme, host, `//`, fragment
 * or encoded character.
 */
export function isSiteLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > CONTENT_LINK_MAX) return false;
  const m = /^(\/[A-Za-z]*)(?:\?([A-Za-z0-9_-]+=[A-Za-z0-9_-]*(?:&[A-Za-z0-9_-]+=[A-Za-z0-9_-]*)*))?$/.exec(value);
  return m !== null && LINKABLE.has((m[1] ?? '').toLowerCase());
}
