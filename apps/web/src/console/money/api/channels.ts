import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type AdminChannel } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const getAdminChannels = () => apiRequest<AdminChannel[]>(API.adminChannelList);

export const adminChannelsQuery = () => queryOptions({ queryKey: ['admin', 'channels'], queryFn: getAdminChannels });

export const useAdminChannels = () => useQuery(adminChannelsQuery());
