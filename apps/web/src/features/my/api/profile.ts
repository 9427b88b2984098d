import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AvatarResponse } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { getUserInfo, setUserInfo } from '../../../lib/storage.ts';
import { apiUpload } from '../../../lib/upload.ts';
import { PROFILE_KEY } from '../../../lib/server-state/keys.ts';

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
      void qc.invalidateQueries({ queryKey: PROFILE_KEY });
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
      void qc.invalidateQueries({ queryKey: PROFILE_KEY });
    },
  });
}
