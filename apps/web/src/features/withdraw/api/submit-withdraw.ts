import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Withdrawal, type WithdrawSubmitRequest } from '@fairdraw/contract';
import { IDEMPOTENCY_HEADER } from '@fairdraw/contract/values';
import { apiRequest } from '../../../lib/api-client.ts';
import { WALLET_KEY } from '../../../lib/server-state/keys.ts';

/** Money-moving: the idempotency key makes a retried submission create one withdrawal. */
export const submitWithdraw = (body: WithdrawSubmitRequest, key: string) =>
  apiRequest<Withdrawal>(API.withdrawSubmit, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } });

export function useSubmitWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: WithdrawSubmitRequest; key: string }) => submitWithdraw(body, key),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['withdrawals'] });
      void qc.invalidateQueries({ queryKey: WALLET_KEY });
    },
  });
}
