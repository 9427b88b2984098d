import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { API, type Lang, type Promotion, type PromotionDetail } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/paged.ts';

/** The promotions live now, in their order, worded in `lang` (anyone may read them). */
export const usePromotions = (lang: Lang) =>
  useInfiniteQuery(pagedQuery<Promotion>(['activity-list', lang], API.activityList, {}));

/** One live promotion with its body; one that is no longer live answers PROMOTION_NOT_FOUND. */
export const usePromotion = (id: string, lang: Lang) =>
  useQuery({
    queryKey: ['activity-detail', id, lang],
    queryFn: () => apiRequest<PromotionDetail>(API.activityDetail, { query: { id } }),
    enabled: id !== '',
    retry: false,
  });
