import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type GameTile, type Lang } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const getGames = () => apiRequest<GameTile[]>(API.games);

export const gamesQuery = (lang: Lang) => queryOptions({ queryKey: ['games', lang], queryFn: getGames });

export const useGames = (lang: Lang) => useQuery(gamesQuery(lang));
