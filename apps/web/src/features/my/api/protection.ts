import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type ExcludeRequest, type ProtectionState } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { protectionQuery } from '../../../lib/protection.ts';

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
