import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { resolveLang, type Lang } from '@fairdraw/contract';

type Loader = () => Promise<{ default: Record<string, unknown> }>;

// The console's own texts (src/locales/console-blocks.ts): the build leaves them out of the catalogue players
// download, and serves them as '<lang>.json?console', fetched here when the console opens.
const CONSOLE: Record<Lang, Loader> = {
  th: () => import('../../locales/th.json?console'),
  en: () => import('../../locales/en.json?console'),
  'zh-cn': () => import('../../locales/zh-cn.json?console'),
  'zh-hk': () => import('../../locales/zh-hk.json?console'),
  vi: () => import('../../locales/vi.json?console'),
  pt: () => import('../../locales/pt.json?console'),
};

/** Adds the console's texts in the current language to the translations (isSuccess once they are there). */
export function useConsoleTexts() {
  const { i18n } = useTranslation();
  const lang = resolveLang(i18n.language);
  return useQuery({
    queryKey: ['console-texts', lang],
    queryFn: async () => {
      const { default: block } = await CONSOLE[lang]();
      i18next.addResourceBundle(lang, 'translation', block, true, false);
      return true;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
