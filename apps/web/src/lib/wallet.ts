import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveLang } from '@fairdraw/contract';
import { formatAmount } from './format.ts';
import { useWallet } from './server-state/wallet.ts';

// Amounts in the wallet's currency; the wallet itself (the query) is server-state/wallet.ts.

/** Until the wallet answers, amounts are shown as the house currency (THB, 2 decimals). */
const FALLBACK = { currency: 'THB', exponent: 2 };

/**
 * Formats minor units with the wallet's currency and exponent in the current language: `format` an amount,
 * `formatSigned` a gain or a loss ("+฿10.00", "-฿10.00", with the locale's own signs: no screen writes its own).
 */
export function useMoney() {
  const { i18n } = useTranslation();
  const lang = resolveLang(i18n.language);
  const wallet = useWallet().data;
  const currency = wallet?.currency ?? FALLBACK.currency;
  const exponent = wallet?.exponent ?? FALLBACK.exponent;
  const format = useCallback(
    (minor: number) => formatAmount(minor, currency, exponent, lang),
    [currency, exponent, lang],
  );
  const formatSigned = useCallback(
    (minor: number) => formatAmount(minor, currency, exponent, lang, { signed: true }),
    [currency, exponent, lang],
  );
  return { format, formatSigned, currency, exponent };
}
