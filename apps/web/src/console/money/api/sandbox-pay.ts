import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sandbox only: the PIX provider "pays" a pending PIX deposit (its signed webhook is simulated by the API). */
export const sandboxPay = (id: number) =>
  apiRequest<unknown>(API.adminPixSandboxConfirm, { method: 'POST', body: { id } });

export function useSandboxPay() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sandboxPay, onSettled: () => void qc.invalidateQueries({ queryKey: ['admin'] }) });
}
