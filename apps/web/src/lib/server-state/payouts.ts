import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Paged, type PayoutMethod } from '@fairdraw/contract';
import { apiRequest } from '../api-client.ts';
import { PAYOUTS_KEY } from './keys.ts';

/** The player's bound payout methods (a plain list; a paged answer is accepted too). */
export const getPayouts = async () => {
  const data = await apiRequest<PayoutMethod[] | Paged<PayoutMethod>>(API.payoutList);
  return Array.isArray(data) ? data : data.list;
};

export const payoutsQuery = (token: string) => queryOptions({ queryKey: [...PAYOUTS_KEY, token], queryFn: getPayouts });

export const usePayouts = (token: string | undefined) => useQuery({ ...payoutsQuery(token ?? ''), enabled: !!token });

/** One line naming a payout method: "Bank · 4111 **** 1111", "USDT-TRC20 · TR7N…", "PIX · key". */
export function payoutTitle(p: PayoutMethod): string {
  if (p.type === 'bank') return `${p.bank_name} · ${p.card_number}`;
  if (p.type === 'crypto') return `${p.alias} · ${p.coin}`;
  return `PIX · ${p.key}`;
}

export function payoutDetail(p: PayoutMethod): string {
  if (p.type === 'bank') return p.name;
  if (p.type === 'crypto') return p.address;
  return p.key_type.toUpperCase();
}
