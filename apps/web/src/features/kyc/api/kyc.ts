import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type KycIndex } from '@fairdraw/contract';
import { kycQuery } from '../../../lib/server-state/kyc.ts';
import { apiUpload } from '../../../lib/upload.ts';

export type KycSubmission = { real_name: string; document_number: string; front: File; back: File };

export function useSubmitKyc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: KycSubmission) => {
      const form = new FormData();
      form.append('real_name', s.real_name);
      form.append('document_number', s.document_number);
      form.append('front', s.front);
      form.append('back', s.back);
      return apiUpload<KycIndex>(API.kycSubmit, form);
    },
    onSuccess: (data) => qc.setQueryData(kycQuery().queryKey, data),
  });
}
