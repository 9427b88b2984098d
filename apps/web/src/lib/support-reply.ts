import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { supportReplyRequest } from '@fairdraw/contract';
import { reportServerError } from './form-errors.ts';
import { contractResolver, issue } from './forms.ts';

type Values = { body: string };
/** The contract's reply text; with no image chosen the text is required (the server says the same). */
const schema = ({ hasImage }: { hasImage: boolean }) =>
  supportReplyRequest
    .pick({ body: true })
    .superRefine((v, ctx) => (hasImage || v.body !== '' ? undefined : issue(ctx, 'REQUIRED_FIELDS', 'body')))
    .pipe(z.object({ body: z.string() }));

/**
 * The state of a reply to a support conversation (the player's and the console's): the text and an optional image.
 * Once `send` succeeds the form empties (text, image and the file input); a refusal shows under the text or the form.
 */
export function useSupportReply(send: (reply: { body: string; image: File | null }) => Promise<unknown>) {
  const [image, setImage] = useState<File | null>(null);
  // A new key empties the file input after a message is sent.
  const [fileKey, setFileKey] = useState(0);
  const form = useForm<Values, { hasImage: boolean }, Values>({
    defaultValues: { body: '' },
    resolver: contractResolver(schema),
    context: { hasImage: image !== null },
  });
  const onSubmit = form.handleSubmit(async ({ body }) => {
    try {
      await send({ body, image });
      form.reset({ body: '' });
      setImage(null);
      setFileKey((k) => k + 1);
    } catch (e) {
      reportServerError(form.setError, e, ['body'] as const);
    }
  });
  /** A file chosen (or none): earlier errors go, as the image may be what the text lacked. */
  const chooseImage = (file: File | null) => {
    form.clearErrors();
    setImage(file);
  };
  return { form, image, fileKey, chooseImage, onSubmit };
}
