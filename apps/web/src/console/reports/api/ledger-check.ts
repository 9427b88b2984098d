import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type LedgerReport } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const getLedgerCheck = () => apiRequest<LedgerReport>(API.adminLedgerCheck);

export const ledgerQuery = () => queryOptions({ queryKey: ['admin', 'ledger'], queryFn: getLedgerCheck, staleTime: 0 });

export const useLedgerCheck = () => useQuery(ledgerQuery());
