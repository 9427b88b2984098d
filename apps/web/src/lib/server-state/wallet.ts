import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type WalletData } from '@fairdraw/contract';
import { apiRequest } from '../api-client.ts';
import { useSession } from '../use-session.ts';
import { WALLET_KEY } from './keys.ts';

export const getWallet = () => apiRequest<WalletData>(API.wallet);

export const walletQuery = (token: string) =>
  queryOptions({ queryKey: [...WALLET_KEY, token], queryFn: getWallet, staleTime: 10_000 });

/** The logged-in player's wallet (disabled when signed out). */
export function useWallet() {
  const token = useSession()?.token;
  return useQuery({ ...walletQuery(token ?? ''), enabled: !!token });
}
