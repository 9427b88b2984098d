import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type KycIndex } from '@fairdraw/contract';
import { apiRequest } from '../api-client.ts';
import { KYC_KEY } from './keys.ts';

export const kycQuery = () =>
  queryOptions({ queryKey: KYC_KEY, queryFn: () => apiRequest<KycIndex>(API.kycIndex), staleTime: 10_000 });

/** The player's identity verification status (players only: `enabled` false for a guest or an operator). */
export const useKyc = (enabled = true) => useQuery({ ...kycQuery(), enabled });
