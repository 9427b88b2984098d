import { useTranslation } from 'react-i18next';
import { resolveLang, type Lang } from '@fairdraw/contract';

/** The current product language. */
export function useLang(): Lang {
  return resolveLang(useTranslation().i18n.language);
}
