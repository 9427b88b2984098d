import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AdminKyc, type KycDecisionRequest, type KycStatus } from '@fairdraw/contract';
import type { Decision } from '../../ui/decision-dialog.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/paged.ts';

export const adminKycQuery = (status: KycStatus) =>
  pagedQuery<AdminKyc>(['admin', 'kyc', status], API.adminKycList, { status });

export const useAdminKyc = (status: KycStatus) => useInfiniteQuery(adminKycQuery(status));

/** Approve or reject one verification (reject carries the reason the player sees). */
export function useDecideKyc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, body }: { decision: Decision; body: KycDecisionRequest }) =>
      apiRequest<AdminKyc>(decision === 'approve' ? API.adminKycApprove : API.adminKycReject, {
        method: 'POST',
        body,
      }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['admin', 'kyc'] }),
  });
}
