import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type LimitsRequest, type LimitsState } from '@fairdraw/contract';
import { limitsQuery } from '../../../lib/server-state/limits.ts';
import { apiRequest } from '../../../lib/api-client.ts';

// The state and the prompt answers are shared with other features (lib/server-state/limits.ts).
export {
  answerPrompt,
  getLimits,
  limitsQuery,
  useDepositLimitOffered,
  useDismissRealityCheck,
  useLimits,
} from '../../../lib/server-state/limits.ts';

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
