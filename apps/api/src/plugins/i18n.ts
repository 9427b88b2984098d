import fp from 'fastify-plugin';
import type { MessageParam } from '../lib/app-error.ts';
import i18next from 'i18next';
import type { TFunction } from 'i18next';
import { DEFAULT_LANG, LANGS, resolveLang } from '@fairdraw/contract';
import th from '@fairdraw/contract/locales/th/errors.json' with { type: 'json' };
import en from '@fairdraw/contract/locales/en/errors.json' with { type: 'json' };
import zhCn from '@fairdraw/contract/locales/zh-cn/errors.json' with { type: 'json' };
import zhHk from '@fairdraw/contract/locales/zh-hk/errors.json' with { type: 'json' };
import vi from '@fairdraw/contract/locales/vi/errors.json' with { type: 'json' };
import pt from '@fairdraw/contract/locales/pt/errors.json' with { type: 'json' };
import type { ErrorKey, Lang } from '@fairdraw/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** Translates an error key into a language, with {{param}} interpolation. */
    translate: (lang: Lang, key: ErrorKey, params?: Record<string, MessageParam>) => string;
  }
  interface FastifyRequest {
    /** The `lang` header, resolved to a supported language (Thai when missing or unknown). */
    lang: Lang;
    t: (key: ErrorKey, params?: Record<string, MessageParam>) => string;
  }
}

/** The contract's catalogues (one JSON file per language), the same words the web shows. */
const ERROR_MESSAGES: Record<Lang, Record<ErrorKey, string>> = { th, en, 'zh-cn': zhCn, 'zh-hk': zhHk, vi, pt };

export function createTranslator(): (lang: Lang, key: ErrorKey, params?: Record<string, MessageParam>) => string {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(LANGS.map((lang) => [lang, { errors: ERROR_MESSAGES[lang] }]));
  // Resources are in memory, so init completes synchronously (initAsync: false); the promise carries nothing.
  void instance.init({
    resources,
    lng: DEFAULT_LANG,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    lowerCaseLng: true,
    ns: ['errors'],
    defaultNS: 'errors',
    initAsync: false,
    // Messages go into JSON, never into HTML, so no escaping here.
    interpolation: { escapeValue: false },
  });
  const fixed = new Map<Lang, TFunction>(LANGS.map((lang) => [lang, instance.getFixedT(lang, 'errors')]));
  return (lang, key, params) => {
    const t = fixed.get(lang) ?? fixed.get(DEFAULT_LANG);
    if (!t) return key;
    // A parameter told per language (a date) is told in the language of this answer.
    const values = Object.fromEntries(
      Object.entries(params ?? {}).map(([name, v]) => [name, typeof v === 'function' ? v(lang) : v]),
    );
    return String(t(key, values));
  };
}

export default fp(
  (app, _opts, done) => {
    const translate = createTranslator();
    app.decorate('translate', translate);
    app.decorateRequest('lang', DEFAULT_LANG);
    app.decorateRequest('t', function (this: { lang: Lang }, key: ErrorKey, params?: Record<string, MessageParam>) {
      return translate(this.lang, key, params);
    });
    app.addHook('onRequest', (request, _reply, next) => {
      request.lang = resolveLang(request.headers.lang);
      next();
    });
    done();
  },
  { name: 'i18n' },
);
