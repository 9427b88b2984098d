import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API, resolveLang, type WalletData } from '@fairdraw/contract';
import { apiRequest } from './api-client.ts';
import { formatAmount } from './format.ts';
import { useSession } from './use-session.ts';

export const getWallet = () => apiRequest<WalletData>(API.wallet);

export const walletQuery = (token: string) =>
  queryOptions({ queryKey: ['wallet', token], queryFn: getWallet, staleTime: 10_000 });

/** The logged-in player's wallet (disabled when signed out). */
export function useWallet() {
  const token = useSession()?.token;
  return useQuery({ ...walletQuery(token ?? ''), enabled: !!token });
}

/** Until the wallet answers, amounts are shown as the house currency (THB, 2 decimals). */
const FALLBACK = { currency: 'THB', exponent: 2 };

/** Formats minor units with the wallet's currency and exponent in the current language. */
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
  return { format, currency, exponent };
}
