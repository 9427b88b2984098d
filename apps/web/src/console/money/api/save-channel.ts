import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AdminChannel } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const saveChannel = (body: AdminChannel) =>
  apiRequest<AdminChannel>(API.adminChannelSave, { method: 'POST', body });

export function useSaveChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveChannel,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'channels'] });
      void qc.invalidateQueries({ queryKey: ['recharge-channels'] });
    },
  });
}
