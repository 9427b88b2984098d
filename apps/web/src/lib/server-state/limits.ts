import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type LimitsState, type Prompt } from '@fairdraw/contract';
import { apiRequest } from '../api-client.ts';
import { LIMITS_KEY } from './keys.ts';

// The player's limits state, shared by My (features/my), the registration step and the deposit screen (the
// deposit-limit offer, components/deposit-limit-offer.tsx).

/** The player's spending limits (in force, waiting, used, left) and the reality check with this session's figures. */
export const getLimits = () => apiRequest<LimitsState>(API.protectionLimits);

export const limitsQuery = (token: string) =>
  queryOptions({ queryKey: [...LIMITS_KEY, token], queryFn: getLimits, staleTime: 30_000 });

export const useLimits = (token: string | undefined, enabled = true) =>
  useQuery({ ...limitsQuery(token ?? ''), enabled: enabled && !!token });

/** Tells the server the player answered a prompt; the answer (the new state) goes straight into the query. */
export const answerPrompt = (prompt: Prompt, at?: number) =>
  apiRequest<LimitsState>(API.protectionPrompt, {
    method: 'POST',
    body: at === undefined ? { prompt } : { prompt, at },
  });

function useAnswerPrompt(token: string | undefined, prompt: Prompt) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (at?: number) => answerPrompt(prompt, at),
    onSuccess: (state) => qc.setQueryData(limitsQuery(token ?? '').queryKey, state),
  });
}

/** "Continue" on the reality check (with when the reminder fell due): kept on the server, for every device. */
export const useDismissRealityCheck = (token: string | undefined) => useAnswerPrompt(token, 'reality_check');

/** The deposit-limit offer was made (set or skipped): the server does not offer it again. */
export const useDepositLimitOffered = (token: string | undefined) => useAnswerPrompt(token, 'deposit_limit_offer');
