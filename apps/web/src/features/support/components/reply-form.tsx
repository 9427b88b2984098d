import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SUPPORT_MESSAGE_MAX, supportReplyRequest } from '@fairdraw/contract';
import { FormError } from '../../../components/field.tsx';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver, issue } from '../../../lib/forms.ts';
import { useReplyToConversation } from '../api/support.ts';
import { MessageField } from './message-field.tsx';

type Values = { body: string };
/** The contract's reply text; with no image chosen the text is required (the server says the same). */
const schema = ({ hasImage }: { hasImage: boolean }) =>
  supportReplyRequest
    .pick({ body: true })
    .superRefine((v, ctx) => (hasImage || v.body !== '' ? undefined : issue(ctx, 'REQUIRED_FIELDS', 'body')))
    .pipe(z.object({ body: z.string() }));

/** Writes to an open conversation, with an optional image; the form empties once the message is sent. */
export function ReplyForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const reply = useReplyToConversation();
  const [image, setImage] = useState<File | null>(null);
  // A new key empties the file input after a message is sent.
  const [fileKey, setFileKey] = useState(0);
  const form = useForm<Values, { hasImage: boolean }, Values>({
    defaultValues: { body: '' },
    resolver: contractResolver(schema),
    context: { hasImage: image !== null },
  });
  const { control, formState } = form;

  const onSubmit = form.handleSubmit(async ({ body }) => {
    try {
      await reply.mutateAsync({ id, body, image });
      form.reset({ body: '' });
      setImage(null);
      setFileKey((k) => k + 1);
    } catch (e) {
      reportServerError(form.setError, e, ['body'] as const);
    }
  });

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
          onChange={(e) => {
            form.clearErrors();
            setImage(e.target.files?.[0] ?? null);
          }}
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
