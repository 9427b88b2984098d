import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AddPayoutMethodRequest, type PayoutMethod } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { PAYOUTS_KEY } from '../../../lib/server-state/keys.ts';

export const addPayout = (body: AddPayoutMethodRequest) =>
  apiRequest<PayoutMethod>(API.payoutAdd, { method: 'POST', body });

export function useAddPayout() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addPayout, onSuccess: () => void qc.invalidateQueries({ queryKey: PAYOUTS_KEY }) });
}
