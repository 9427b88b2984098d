import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Lang, type RechargeChannel } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const getChannels = () => apiRequest<RechargeChannel[]>(API.rechargeChannels);

export const channelsQuery = (lang: Lang) =>
  queryOptions({ queryKey: ['recharge-channels', lang], queryFn: getChannels });

export const useChannels = (lang: Lang, enabled: boolean) => useQuery({ ...channelsQuery(lang), enabled });
