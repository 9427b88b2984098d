import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KycIndex } from '@fairdraw/contract';
import { FormError } from '../../../components/field.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { useSubmitKyc } from '../api/kyc.ts';
import { EMPTY_KYC, KYC_FIELDS, kycFormSchema, type KycFormValues } from '../lib/kyc-schema.ts';
import { PhotoField } from './photo-field.tsx';

type Out = { real_name: string; document_number: string; front: File; back: File };

/** Real name, document number, front and back photos; on success the new status (pending). */
export function KycForm({ onDone }: { onDone?: (k: KycIndex) => void }) {
  const { t } = useTranslation();
  const submit = useSubmitKyc();
  const form = useForm<KycFormValues, unknown, Out>({
    defaultValues: EMPTY_KYC,
    resolver: contractResolver(kycFormSchema),
  });
  const { control, formState } = form;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      onDone?.(await submit.mutateAsync(body));
    } catch (e) {
      reportServerError(form.setError, e, KYC_FIELDS);
    }
  });
  return (
    <form className="form form--page" onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormTextField
        control={control}
        name="real_name"
        label={t('kyc.realName')}
        hint={t('kyc.realNameHint')}
        testId="kyc-real-name"
        autoComplete="name"
      />
      <FormTextField
        control={control}
        name="document_number"
        label={t('kyc.documentNumber')}
        hint={t('kyc.documentNumberHint')}
        testId="kyc-document-number"
        autoComplete="off"
      />
      <PhotoField control={control} name="front" label={t('kyc.front')} />
      <PhotoField control={control} name="back" label={t('kyc.back')} />
      <FormError text={errorText(t, formState.errors.root?.server)} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={formState.isSubmitting}
        data-testid="kyc-submit"
      >
        {formState.isSubmitting ? t('auth.submitting') : t('kyc.submit')}
      </button>
      <p className="hint">{t('kyc.privacy')}</p>
    </form>
  );
}
