import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, supportOpenRequest, type SupportDetail } from '@fairdraw/contract';
import { FormError } from '../../../components/field.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { useOpenConversation } from '../api/support.ts';
import { MessageField } from './message-field.tsx';

type Values = { subject: string; body: string };
const FIELDS = ['subject', 'body'] as const;

/** A new conversation: subject and first message, checked with the contract's schema. */
export function OpenForm({ onOpened, onCancel }: { onOpened: (c: SupportDetail) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const open = useOpenConversation();
  const form = useForm<Values, unknown, Values>({
    defaultValues: { subject: '', body: '' },
    resolver: contractResolver(() => supportOpenRequest),
  });
  const { control, formState } = form;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      onOpened(await open.mutateAsync(body));
    } catch (e) {
      reportServerError(form.setError, e, FIELDS);
    }
  });

  return (
    <form className="form form--page" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="support-open-form">
      <FormTextField
        control={control}
        name="subject"
        label={t('support.subject')}
        hint={t('support.subjectHint', { max: SUPPORT_SUBJECT_MAX })}
        maxLength={SUPPORT_SUBJECT_MAX}
        testId="support-subject"
      />
      <MessageField
        control={control}
        name="body"
        label={t('support.message')}
        max={SUPPORT_MESSAGE_MAX}
        testId="support-body"
      />
      <FormError text={errorText(t, formState.errors.root?.server)} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={formState.isSubmitting}
        data-testid="support-open-submit"
      >
        {formState.isSubmitting ? t('auth.submitting') : t('support.send')}
      </button>
      {onCancel && (
        <button type="button" className="btn btn--ghost btn--block" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      )}
    </form>
  );
}
