import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type BonusClaimAnswer, type BonusIndex, type RebateItem } from '@fairdraw/contract';
import { IDEMPOTENCY_HEADER } from '@fairdraw/contract/values';
import { apiRequest } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/paged.ts';
import { WALLET_KEY } from '../../../lib/server-state/keys.ts';

const KEY = 'bonus';

export const bonusIndexQuery = (token: string) =>
  queryOptions({ queryKey: [KEY, 'index', token], queryFn: () => apiRequest<BonusIndex>(API.bonusIndex) });

/** What is claimable, the bonus still locked with its requirement and progress, and the rates. */
export const useBonusIndex = (token: string) => useQuery({ ...bonusIndexQuery(token), enabled: !!token });

/** The player's rebates, newest day first. */
export const useRebates = (token: string, enabled: boolean) =>
  useInfiniteQuery({ ...pagedQuery<RebateItem>([KEY, 'list', token], API.bonusList, {}), enabled: !!token && enabled });

/** Money-moving: the idempotency key makes a retried claim credit once. */
export const claimBonus = (key: string) =>
  apiRequest<BonusClaimAnswer>(API.bonusClaim, { method: 'POST', headers: { [IDEMPOTENCY_HEADER]: key } });

export function useClaimBonus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => claimBonus(key),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: [KEY] });
      void qc.invalidateQueries({ queryKey: WALLET_KEY });
    },
  });
}
