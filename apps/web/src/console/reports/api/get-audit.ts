import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, type AuditEntry, type Paged } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const AUDIT_PAGE_SIZE = 20;

/**
 * One page of the audit log (1-based), `q` searched in action, operator and target by the API; the previous page
 * stays on screen while the next one loads.
 */
export const useAuditPage = (page: number, q: string) =>
  useQuery({
    queryKey: ['admin', 'audit', q, page],
    queryFn: () =>
      apiRequest<Paged<AuditEntry>>(API.adminAuditList, {
        query: { page, limit: AUDIT_PAGE_SIZE, q: q || undefined },
      }),
    placeholderData: keepPreviousData,
  });
