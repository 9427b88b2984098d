import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type AdminBonusSettings, type AdminBonusSettingsRequest } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const rebateSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'rebate-settings'],
    queryFn: () => apiRequest<AdminBonusSettings>(API.adminBonusSettings),
  });

export const useRebateSettings = () => useQuery(rebateSettingsQuery());

/** Saves the rates (audited by the API); the Bonus tab reads them again. */
export function useSaveRebateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBonusSettingsRequest) =>
      apiRequest<AdminBonusSettings>(API.adminBonusSettings, { method: 'POST', body }),
    onSuccess: (saved) => {
      qc.setQueryData(rebateSettingsQuery().queryKey, saved);
      void qc.invalidateQueries({ queryKey: ['bonus'] });
    },
  });
}
