import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type PaymentProviders } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** The payment providers, where each webhook secret comes from (a generated one in full), and whether the sandbox is on. */
export const getProviders = () => apiRequest<PaymentProviders>(API.adminPayProviders);

export const providersQuery = () => queryOptions({ queryKey: ['admin', 'providers'], queryFn: getProviders });

export const useProviders = () => useQuery(providersQuery());
