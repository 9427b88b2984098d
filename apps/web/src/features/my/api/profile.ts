import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type AvatarResponse, type KycIndex } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { getUserInfo, setUserInfo } from '../../../lib/storage.ts';
import { apiUpload } from '../../../lib/upload.ts';

/** Keeps the stored userInfo (the header of Home and My) in step with a change just saved. */
function remember(change: { nickname?: string; avatar?: string }) {
  const stored = getUserInfo();
  if (stored) setUserInfo({ ...stored, ...change });
}

export function useSaveNickname() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (nickname: string) =>
      apiRequest<{ nickname: string; avatar: string }>(API.userProfile, { method: 'POST', body: { nickname } }),
    onSuccess: (data) => {
      remember(data);
      void qc.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

export function useUploadAvatar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return apiUpload<AvatarResponse>(API.userAvatar, form);
    },
    onSuccess: (data) => {
      remember(data);
      void qc.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

/** The verification status for the My row (players only). */
export const useKycStatus = (enabled: boolean) =>
  useQuery({ queryKey: ['kyc'], queryFn: () => apiRequest<KycIndex>(API.kycIndex), enabled, staleTime: 10_000 });
