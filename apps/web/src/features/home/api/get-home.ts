import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type HomeData, type Lang } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const getHome = () => apiRequest<HomeData>(API.home);

// The API translates by the `lang` header, so the language is part of the cache key.
export const homeQuery = (lang: Lang) => queryOptions({ queryKey: ['home', lang], queryFn: getHome });

export const useHome = (lang: Lang) => useQuery(homeQuery(lang));
