import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type WithdrawSettings } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { WALLET_KEY } from '../../../lib/server-state/keys.ts';

export const getWithdrawSettings = () => apiRequest<WithdrawSettings>(API.adminWithdrawSettings);

export const saveWithdrawSettings = (body: WithdrawSettings) =>
  apiRequest<WithdrawSettings>(API.adminWithdrawSettings, { method: 'POST', body });

export const withdrawSettingsQuery = () =>
  queryOptions({ queryKey: ['admin', 'withdraw-settings'], queryFn: getWithdrawSettings });

export const useWithdrawSettings = () => useQuery(withdrawSettingsQuery());

/** Saves the fee rule and limits; the wallet (fee, min, max) is read again afterwards. */
export function useSaveWithdrawSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveWithdrawSettings,
    onSuccess: (saved) => {
      qc.setQueryData(withdrawSettingsQuery().queryKey, saved);
      void qc.invalidateQueries({ queryKey: WALLET_KEY });
    },
  });
}
