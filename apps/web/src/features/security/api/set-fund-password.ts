import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type FundPasswordRequest } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILE_KEY } from '../../../lib/server-state/keys.ts';

export const setFundPassword = (body: FundPasswordRequest) =>
  apiRequest<unknown>(API.fundPassword, { method: 'POST', body });

export function useSetFundPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setFundPassword,
    onSuccess: () => void qc.invalidateQueries({ queryKey: PROFILE_KEY }),
  });
}
