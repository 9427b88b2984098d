import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type ProtectionState } from '@fairdraw/contract';
import { apiRequest } from './api-client.ts';

/** The player's time-out or self-exclusion (if one is running) and the choices as they would apply now. */
export const getProtection = () => apiRequest<ProtectionState>(API.protection);

export const protectionQuery = (token: string) =>
  queryOptions({ queryKey: ['protection', token], queryFn: getProtection, staleTime: 30_000 });

export const useProtection = (token: string | undefined, enabled: boolean) =>
  useQuery({ ...protectionQuery(token ?? ''), enabled: enabled && !!token });
