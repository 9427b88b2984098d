import type { ErrorKey } from './errors.ts';
import type { Lang } from './langs.ts';
import th from '../locales/th/errors.json' with { type: 'json' };
import en from '../locales/en/errors.json' with { type: 'json' };
import zhCn from '../locales/zh-cn/errors.json' with { type: 'json' };
import zhHk from '../locales/zh-hk/errors.json' with { type: 'json' };
import vi from '../locales/vi/errors.json' with { type: 'json' };
import pt from '../locales/pt/errors.json' with { type: 'json' };

/**
 * The error texts in every language, for the API. The web loads only the catalogue of the chosen language
 * (`@fairdraw/contract/locales/<lang>/errors.json`) so that one language's texts ship to a phone, not six.
 */
export const ERROR_MESSAGES: Record<Lang, Record<ErrorKey, string>> = {
  th,
  en,
  'zh-cn': zhCn,
  'zh-hk': zhHk,
  vi,
  pt,
};
