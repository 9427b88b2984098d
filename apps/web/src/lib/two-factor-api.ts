import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorSetupRequest,
  type TwoFactorStatus,
} from '@fairdraw/contract';
import { apiRequest } from './api-client.ts';

const KEY = ['two-factor'] as const;

/** Whether two-step verification is on, and the recovery codes left. */
export const useTwoFactorStatus = () =>
  useQuery({ queryKey: KEY, queryFn: () => apiRequest<TwoFactorStatus>(API.twoFactor) });

/** A new key to enrol with the login password (replaces one still waiting for its first code). */
export const useTwoFactorSetup = () =>
  useMutation({
    mutationFn: (body: TwoFactorSetupRequest) =>
      apiRequest<TwoFactorSetup>(API.twoFactorSetup, { method: 'POST', body }),
  });

export const useTwoFactorEnable = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string }) => apiRequest<TwoFactorEnabled>(API.twoFactorEnable, { method: 'POST', body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
};

export const useTwoFactorDisable = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string }) => apiRequest<null>(API.twoFactorDisable, { method: 'POST', body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
};
