import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type LimitsRequest, type LimitsState } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** The player's spending limits (in force, waiting, used, left) and the reality check with this session's figures. */
export const getLimits = () => apiRequest<LimitsState>(API.protectionLimits);

export const limitsQuery = (token: string) =>
  queryOptions({ queryKey: ['limits', token], queryFn: getLimits, staleTime: 30_000 });

export const useLimits = (token: string | undefined, enabled = true) =>
  useQuery({ ...limitsQuery(token ?? ''), enabled: enabled && !!token });

export const saveLimits = (body: LimitsRequest) =>
  apiRequest<LimitsState>(API.protectionLimits, { method: 'POST', body });

/** Saves limit changes and/or the reality check; the answer is the new state, written straight into the query. */
export function useSaveLimits(token: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveLimits,
    onSuccess: (state) => qc.setQueryData(limitsQuery(token ?? '').queryKey, state),
  });
}
