import { z } from 'zod';
import { kycSubmitFields } from '@fairdraw/contract';

/** The largest photo the API takes (it answers IMAGE_TOO_LARGE beyond). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

const photo = z
  .custom<File | null>((f) => f === null || f instanceof File, 'REQUIRED_FIELDS')
  .refine((f) => f instanceof File, 'REQUIRED_FIELDS')
  .refine((f) => !(f instanceof File) || f.size <= MAX_PHOTO_BYTES, 'IMAGE_TOO_LARGE')
  .refine((f) => !(f instanceof File) || PHOTO_TYPES.includes(f.type), 'IMAGE_INVALID')
  .transform((f) => (f instanceof File ? f : new File([], '')));

/** The KYC form: the contract's own field rules (same keys as the API) and the two photos. */
export const kycFormSchema = () => kycSubmitFields.extend({ front: photo, back: photo });

export type KycFormValues = { real_name: string; document_number: string; front: File | null; back: File | null };
export const EMPTY_KYC: KycFormValues = { real_name: '', document_number: '', front: null, back: null };
export const KYC_FIELDS = ['real_name', 'document_number', 'front', 'back'] as const;
