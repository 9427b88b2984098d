import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Deposit, type RechargeSubmitRequest } from '@fairdraw/contract';
import { IDEMPOTENCY_HEADER } from '@fairdraw/contract/values';
import { apiRequest } from '../../../lib/api-client.ts';
import { WALLET_KEY } from '../../../lib/server-state/keys.ts';

/** Money-moving: the idempotency key makes a retried submission create one deposit. */
export const submitDeposit = (body: RechargeSubmitRequest, key: string) =>
  apiRequest<Deposit>(API.rechargeSubmit, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } });

export function useSubmitDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RechargeSubmitRequest; key: string }) => submitDeposit(body, key),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['deposits'] });
      void qc.invalidateQueries({ queryKey: WALLET_KEY });
    },
  });
}
