import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type ExcludeRequest, type ProtectionState } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** The player's time-out or self-exclusion (if one is running) and the choices as they would apply now. */
export const getProtection = () => apiRequest<ProtectionState>(API.protection);

export const protectionQuery = (token: string) =>
  queryOptions({ queryKey: ['protection', token], queryFn: getProtection, staleTime: 30_000 });

export const useProtection = (token: string | undefined, enabled: boolean) =>
  useQuery({ ...protectionQuery(token ?? ''), enabled: enabled && !!token });

export const exclude = (body: ExcludeRequest) =>
  apiRequest<ProtectionState>(API.protectionExclude, { method: 'POST', body });

/** Takes (or lengthens) a break; the answer is the new state, written straight into the query. */
export function useExclude(token: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: exclude,
    onSuccess: (state) => qc.setQueryData(protectionQuery(token ?? '').queryKey, state),
    // A refusal such as EXCLUSION_NOT_LONGER means the page's view was stale: read it again.
    onError: () => void qc.invalidateQueries({ queryKey: protectionQuery(token ?? '').queryKey }),
  });
}
