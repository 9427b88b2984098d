import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, resolveLang, type Lang } from '@fairdraw/contract';
import { setStoredLang } from './storage.ts';

type Catalogue = Record<string, unknown>;
type Loader = () => Promise<{ default: Catalogue }>;

// One language's texts ship to a phone, not six: each catalogue is its own lazily loaded chunk.
const WEB: Record<Lang, Loader> = {
  th: () => import('../locales/th.json'),
  en: () => import('../locales/en.json'),
  'zh-cn': () => import('../locales/zh-cn.json'),
  'zh-hk': () => import('../locales/zh-hk.json'),
  vi: () => import('../locales/vi.json'),
  pt: () => import('../locales/pt.json'),
};

// The texts only the screens behind Home show (src/locales/console-blocks.ts SCREEN_BLOCKS): fetched with the first
// such screen (the router calls loadScreenTexts), not with Home's first load. Two parts: what a game page paints with
// (GAME_BLOCKS) and the rest.
const GAME: Record<Lang, Loader> = {
  th: () => import('../locales/th.json?game'),
  en: () => import('../locales/en.json?game'),
  'zh-cn': () => import('../locales/zh-cn.json?game'),
  'zh-hk': () => import('../locales/zh-hk.json?game'),
  vi: () => import('../locales/vi.json?game'),
  pt: () => import('../locales/pt.json?game'),
};
const SCREENS: Record<Lang, Loader> = {
  th: () => import('../locales/th.json?screens'),
  en: () => import('../locales/en.json?screens'),
  'zh-cn': () => import('../locales/zh-cn.json?screens'),
  'zh-hk': () => import('../locales/zh-hk.json?screens'),
  vi: () => import('../locales/vi.json?screens'),
  pt: () => import('../locales/pt.json?screens'),
};
type Part = 'game' | 'screens';
const PARTS: Record<Part, Record<Lang, Loader>> = { game: GAME, screens: SCREENS };

// The API and the web show the same error words: the contract's catalogues, as namespace 'errors'.
const ERRORS: Record<Lang, Loader> = {
  th: () => import('@fairdraw/contract/locales/th/errors.json'),
  en: () => import('@fairdraw/contract/locales/en/errors.json'),
  'zh-cn': () => import('@fairdraw/contract/locales/zh-cn/errors.json'),
  'zh-hk': () => import('@fairdraw/contract/locales/zh-hk/errors.json'),
  vi: () => import('@fairdraw/contract/locales/vi/errors.json'),
  pt: () => import('@fairdraw/contract/locales/pt/errors.json'),
};

/** The names of the languages, each in itself (the language screen lists them). */
export const LANG_NAMES: Record<Lang, string> = {
  th: 'ไทย',
  en: 'English',
  'zh-cn': '简体中文',
  'zh-hk': '繁體中文（香港）',
  vi: 'Tiếng Việt',
  pt: 'Português',
};

/**
 * Runs `fn` once the page is idle after its first paint (at the latest 2 s on): what no first paint needs is fetched
 * without taking bandwidth from what it does.
 */
export function whenIdle(fn: () => void): void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window)
    window.requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}

/** Whether a screen behind Home has been opened: from then on a language switch brings its screens' texts too. */
let screensWanted = false;
const partsLoaded: Record<Part, Set<Lang>> = { game: new Set(), screens: new Set() };

async function ensurePart(part: Part, lang: Lang): Promise<void> {
  if (partsLoaded[part].has(lang)) return;
  const texts = await PARTS[part][lang]();
  i18next.addResourceBundle(lang, 'translation', texts.default, true, false);
  partsLoaded[part].add(lang);
}

async function ensureScreenTexts(lang: Lang): Promise<void> {
  await Promise.all([ensurePart('game', lang), ensurePart('screens', lang)]);
}

async function ensureErrorTexts(lang: Lang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'errors')) return;
  const errors = await ERRORS[lang]();
  i18next.addResourceBundle(lang, 'errors', errors.default, true, true);
}

async function ensureLoaded(lang: Lang, { errorsLater = false } = {}): Promise<void> {
  const errors = errorsLater ? null : ensureErrorTexts(lang);
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    const web = await WEB[lang]();
    i18next.addResourceBundle(lang, 'translation', web.default, true, true);
  }
  await errors;
  if (screensWanted) await ensureScreenTexts(lang);
}

/**
 * Adds the error texts (namespace `errors`) of the current language. The first render does not wait for them (no
 * screen shows one before an answer or a typed value): main.tsx calls this once the first screen has painted (when
 * idle), and a text shown before they land is redrawn when they do (bindI18nStore).
 */
export async function loadErrorTexts(): Promise<void> {
  await ensureErrorTexts(resolveLang(i18next.language));
}

/** Starts fetching the screens' texts (loadScreenTexts adds them): the router asks for them with a first screen. */
export function preloadScreenTexts(lang: Lang, wait: 'game' | 'all'): void {
  void GAME[lang]().catch(() => undefined);
  if (wait === 'all') void SCREENS[lang]().catch(() => undefined);
}

/**
 * Adds the screens' texts in the current language (and in every language switched to from now on). `game`: a game
 * page waits only for the part it paints with; the rest is fetched after it and shown when it lands.
 */
export async function loadScreenTexts(wait: 'game' | 'all' = 'all'): Promise<void> {
  screensWanted = true;
  const lang = resolveLang(i18next.language);
  if (wait === 'all') return ensureScreenTexts(lang);
  await ensurePart('game', lang);
  whenIdle(() => void ensurePart('screens', lang).catch(() => undefined));
}

function setHtmlLang(lang: Lang) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export async function initI18n(lang: Lang): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    // Our codes are lower-case ('zh-cn', 'zh-hk'); without these i18next looks for 'zh-CN' and then 'zh'.
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: ['translation', 'errors'],
    defaultNS: 'translation',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    // A catalogue added after the first render (the error texts, the screens' texts) redraws the texts on show.
    react: { bindI18nStore: 'added' },
  });
  await ensureLoaded(lang, { errorsLater: true });
  setHtmlLang(lang);
  return i18next;
}

/** Switches the language at once (loading its catalogue first), remembers it, and updates <html lang>. */
export async function changeLanguage(lang: Lang, remember = false): Promise<void> {
  if (remember) setStoredLang(lang);
  if (i18next.language === lang && i18next.hasResourceBundle(lang, 'translation')) {
    setHtmlLang(lang);
    return;
  }
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
  setHtmlLang(lang);
}

export { DEFAULT_LANG };
