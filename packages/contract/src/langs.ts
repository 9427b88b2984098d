/** The languages the product speaks. Thai is the default (product-spec §1, §9). */
export const LANGS = ['th', 'en', 'zh-cn', 'zh-hk', 'vi', 'pt'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'th';

/** Maps any header or stored value to a supported language; unknown values fall back to Thai. */
export function resolveLang(value: unknown): Lang {
  if (typeof value !== 'string') return DEFAULT_LANG;
  const v = value.trim().toLowerCase();
  return (LANGS as readonly string[]).includes(v) ? (v as Lang) : DEFAULT_LANG;
}

/** Local storage keys named by the spec (§3). */
export const STORAGE_KEYS = { userInfo: 'userInfo', lang: 'lang' } as const;
