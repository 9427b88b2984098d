import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SUPPORT_MESSAGE_MAX, supportReplyRequest } from '@fairdraw/contract';
import { FormError } from '../../../components/field.tsx';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { useReplyToConversation } from '../api/support.ts';
import { MessageField } from './message-field.tsx';

type Values = { body: string };
const schema = supportReplyRequest.pick({ body: true });

/** Writes to an open conversation; the field empties once the message is sent. */
export function ReplyForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const reply = useReplyToConversation();
  const form = useForm<Values, unknown, Values>({
    defaultValues: { body: '' },
    resolver: contractResolver(() => schema),
  });
  const { control, formState } = form;

  const onSubmit = form.handleSubmit(async ({ body }) => {
    try {
      await reply.mutateAsync({ id, body });
      form.reset({ body: '' });
    } catch (e) {
      reportServerError(form.setError, e, ['body'] as const);
    }
  });

  return (
    <form className="form support-reply" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="support-reply-form">
      <MessageField
        name="body"
        control={control}
        label={t('support.reply')}
        max={SUPPORT_MESSAGE_MAX}
        rows={2}
        testId="support-reply"
      />
      <FormError text={errorText(t, formState.errors.root?.server)} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={formState.isSubmitting}
        data-testid="support-reply-submit"
      >
        {formState.isSubmitting ? t('auth.submitting') : t('support.send')}
      </button>
    </form>
  );
}
