import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AdminDecisionRequest } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Decision } from '../../ui/decision-dialog.tsx';

export type Queue = 'deposits' | 'withdrawals';

const PATHS = {
  deposits: { approve: API.adminRechargeApprove, reject: API.adminRechargeReject },
  withdrawals: { approve: API.adminWithdrawApprove, reject: API.adminWithdrawReject },
} as const;

/** Approve or reject one request of a queue (reject carries the reason the player sees). */
export const decide = (queue: Queue, decision: Decision, body: AdminDecisionRequest) =>
  apiRequest<unknown>(PATHS[queue][decision], { method: 'POST', body });

export function useDecide(queue: Queue) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, body }: { decision: Decision; body: AdminDecisionRequest }) =>
      decide(queue, decision, body),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
