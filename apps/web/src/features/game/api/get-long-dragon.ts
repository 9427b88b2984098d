import { useQuery } from '@tanstack/react-query';
import { API, type LongDragonItem } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Streaks of five draws or more across the games, longest first; read again every 30 s while the lobby is open. */
export const getLongDragon = () => apiRequest<LongDragonItem[]>(API.longDragon);

export const useLongDragon = () =>
  useQuery({ queryKey: ['long-dragon'], queryFn: getLongDragon, staleTime: 15_000, refetchInterval: 30_000 });
