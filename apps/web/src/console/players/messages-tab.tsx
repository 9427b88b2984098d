import { useController, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { adminMessageSendRequest, MESSAGE_BODY_MAX, type AdminMessageSendRequest } from '@fairdraw/contract';
import { Field } from '../../components/field.tsx';
import { FormTextField } from '../../components/form-fields.tsx';
import { reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { showToast } from '../../lib/toast.ts';
import { FormFooter } from '../ui/form-footer.tsx';
import { useSendMessage } from './api/send-message.ts';

type Values = { to: 'one' | 'all'; account: string; title: string; body: string };
const EMPTY: Values = { to: 'one', account: '', title: '', body: '' };
/** The fields the API may name in an error. */
const API_FIELDS = ['to', 'account', 'title', 'body'] as const;
/** The typed values become the request (a broadcast names no account), checked by the contract's own schema. */
const schema = () =>
  z
    .object({ to: z.enum(['one', 'all']), account: z.string(), title: z.string(), body: z.string() })
    .transform(({ to, account, title, body }): { to: 'one' | 'all'; account?: string; title: string; body: string } =>
      to === 'all' ? { to, title, body } : { to, account, title, body },
    )
    .pipe(adminMessageSendRequest);

/** The console's Messages tab: send a message to one player (by account) or to all players. */
export function MessagesTab() {
  const { t } = useTranslation();
  const send = useSendMessage();
  const form = useForm<Values, unknown, AdminMessageSendRequest>({
    defaultValues: EMPTY,
    resolver: contractResolver<Values, unknown, AdminMessageSendRequest>(schema),
  });
  const { control, formState } = form;
  const to = useWatch({ control, name: 'to' });
  const body = useController({ control, name: 'body' });

  const onSubmit = form.handleSubmit(async (request) => {
    try {
      await send.mutateAsync(request);
      showToast(t('msg.admin.sent'));
      form.reset({ ...EMPTY, to: request.to });
    } catch (e) {
      reportServerError(form.setError, e, API_FIELDS);
    }
  });

  return (
    <section className="section" aria-labelledby="admin-msg-title" data-testid="admin-messages">
      <h2 className="section__title" id="admin-msg-title">
        {t('msg.admin.title')}
      </h2>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field" role="radiogroup" aria-label={t('msg.admin.to')}>
          <span className="field__label">{t('msg.admin.to')}</span>
          {(['one', 'all'] as const).map((k) => (
            <label key={k} className="check">
              <input type="radio" value={k} {...form.register('to')} data-testid={`admin-msg-to-${k}`} />{' '}
              {t(k === 'one' ? 'msg.admin.toOnePlayer' : 'msg.admin.toAllPlayers')}
            </label>
          ))}
        </div>
        {to === 'one' && (
          <FormTextField
            control={control}
            name="account"
            label={t('auth.account')}
            testId="admin-msg-account"
            autoComplete="off"
            maxLength={20}
          />
        )}
        <FormTextField
          control={control}
          name="title"
          label={t('msg.admin.subject')}
          testId="admin-msg-title"
          maxLength={100}
        />
        <Field label={t('msg.admin.body')} name="body" error={body.fieldState.error}>
          {(a11y) => (
            <textarea
              {...a11y}
              className="input"
              rows={5}
              maxLength={MESSAGE_BODY_MAX}
              name={body.field.name}
              value={body.field.value}
              onChange={(e) => body.field.onChange(e.target.value)}
              onBlur={body.field.onBlur}
              ref={body.field.ref}
              data-testid="admin-msg-body"
            />
          )}
        </Field>
        <FormFooter
          error={formState.errors.root?.server ?? formState.errors.to}
          submitting={formState.isSubmitting}
          label={to === 'all' ? t('msg.admin.sendAll') : t('msg.admin.send')}
          testId="admin-msg-send"
          block
        />
      </form>
    </section>
  );
}
