import { useMutation } from '@tanstack/react-query';
import { API, type ContentImageAnswer } from '@fairdraw/contract';
import { apiUpload } from '../../../lib/upload.ts';

/** Uploads a banner or promotion picture; the answer is its public address. */
export const useUploadContentImage = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return apiUpload<ContentImageAnswer>(API.adminContentImage, form);
    },
  });
