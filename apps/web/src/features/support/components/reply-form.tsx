import { useTranslation } from 'react-i18next';
import { SUPPORT_MESSAGE_MAX } from '@fairdraw/contract';
import { FormError } from '../../../components/field.tsx';
import { errorText } from '../../../lib/form-errors.ts';
import { useSupportReply } from '../../../lib/support-reply.ts';
import { useReplyToConversation } from '../api/support.ts';
import { MessageField } from './message-field.tsx';

/** Writes to an open conversation, with an optional image; the form empties once the message is sent. */
export function ReplyForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const reply = useReplyToConversation();
  const { form, image, fileKey, chooseImage, onSubmit } = useSupportReply(({ body, image }) =>
    reply.mutateAsync({ id, body, image }),
  );
  const { control, formState } = form;

  const { errors } = formState;
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
      <label className="support-attach">
        <span className="btn btn--ghost btn--small">{t('support.attach')}</span>
        <input
          key={fileKey}
          className="support-attach__input"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => chooseImage(e.target.files?.[0] ?? null)}
          data-testid="support-image"
        />
        <span className="support-attach__name" data-testid="support-image-name">
          {image ? image.name : t('support.noImage')}
        </span>
      </label>
      <FormError text={errorText(t, errors.root?.server)} />
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
