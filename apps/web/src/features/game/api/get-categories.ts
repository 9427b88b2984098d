import { useQuery } from '@tanstack/react-query';
import { API, type GameCategory, type Lang } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** The lobby's game categories with their games. */
export const getCategories = () => apiRequest<GameCategory[]>(API.category);

export const useCategories = (lang: Lang) =>
  useQuery({ queryKey: ['game-categories', lang], queryFn: getCategories, staleTime: 60_000 });
