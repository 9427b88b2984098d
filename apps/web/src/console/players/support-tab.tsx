import './support-tab.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_STATUSES,
  type AdminSupportDetail,
  type SupportStatus,
} from '@fairdraw/contract';
import { Field, FormError } from '../../components/field.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { errorText, serverError } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSupportReply } from '../../lib/support-reply.ts';
import { useLang } from '../../lib/use-lang.ts';
import { usePrivateImage } from '../../lib/upload.ts';
import { useAdminSupport, useAdminSupportClose, useAdminSupportReply } from './api/support.ts';
import { StatusChips } from '../ui/status-chips.tsx';

/** The operators' support tab: conversations (open by default) with the player's account, the thread, reply, close. */
export function SupportTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SupportStatus>('open');
  const list = useAdminSupport(status);
  return (
    <section aria-label={t('support.adminTab')}>
      <div className="toolbar">
        <StatusChips
          statuses={SUPPORT_STATUSES}
          value={status}
          onChange={setStatus}
          label={(s) => t(`support.status.${s}`)}
          testId={(s) => `admin-support-status-${s}`}
        />
      </div>
      <PagedList<AdminSupportDetail>
        query={list}
        empty={t('support.adminEmpty')}
        itemKey={(c) => c.id}
        render={(c) => <SupportItem conversation={c} />}
      />
    </section>
  );
}

function SupportItem({ conversation: c }: { conversation: AdminSupportDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const reply = useAdminSupportReply();
  const close = useAdminSupportClose();
  const [closeError, setCloseError] = useState<string | null>(null);
  const { form, image, fileKey, chooseImage, onSubmit } = useSupportReply(({ body, image }) =>
    reply.mutateAsync({ id: c.id, body, image }),
  );
  const onClose = async () => {
    setCloseError(null);
    try {
      await close.mutateAsync({ id: c.id });
    } catch (e) {
      setCloseError(errorText(t, serverError(e)?.error));
    }
  };
  const { errors, isSubmitting } = form.formState;
  return (
    <article className="admin-support" data-testid={`admin-support-${c.id}`}>
      <div className="admin-support__head">
        <span className="admin-support__subject">{c.subject}</span>
        <span className={c.status === 'open' ? 'badge badge--brand' : 'badge'}>{t(`support.status.${c.status}`)}</span>
      </div>
      <span className="admin-support__who">
        {t('auth.account')}: {c.user.account} · {c.user.nickname} · {formatDateTime(c.created_at, lang)}
      </span>
      <ol className="admin-support__thread">
        {c.messages.map((m) => (
          <li
            key={m.id}
            className={m.from === 'operator' ? 'admin-support__msg admin-support__msg--mine' : 'admin-support__msg'}
          >
            <span className="admin-support__msg-who">
              {m.from === 'operator' ? t('support.fromSupport') : t('support.player')}
            </span>
            {m.image && <AttachedImage conversation={c.id} name={m.image} />}
            {m.body && <p className="admin-support__msg-body">{m.body}</p>}
            <time className="admin-support__msg-time">{formatDateTime(m.created_at, lang)}</time>
          </li>
        ))}
      </ol>
      {c.status === 'open' && (
        <form className="form admin-support__reply" onSubmit={(e) => void onSubmit(e)} noValidate>
          <Field label={t('support.reply')} name="body" error={errors.body}>
            {(aria) => (
              <textarea
                className="input admin-support__textarea"
                rows={2}
                maxLength={SUPPORT_MESSAGE_MAX}
                {...form.register('body')}
                data-testid={`admin-support-reply-${c.id}`}
                {...aria}
              />
            )}
          </Field>
          <label className="admin-support__attach">
            <span className="btn btn--ghost btn--small">{t('support.attach')}</span>
            <input
              key={fileKey}
              className="admin-support__attach-input"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => chooseImage(e.target.files?.[0] ?? null)}
              data-testid={`admin-support-image-input-${c.id}`}
            />
            <span className="admin-support__attach-name">{image ? image.name : t('support.noImage')}</span>
          </label>
          <FormError text={errorText(t, errors.root?.server) ?? closeError} />
          <div className="record__actions">
            <button
              type="submit"
              className="btn btn--primary btn--small"
              disabled={isSubmitting}
              data-testid={`admin-support-send-${c.id}`}
            >
              {t('support.send')}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={close.isPending}
              onClick={() => void onClose()}
              data-testid={`admin-support-close-${c.id}`}
            >
              {t('support.close')}
            </button>
          </div>
        </form>
      )}
    </article>
  );
}

/** An attached image, the player's or an operator's (private: fetched with the operator's session). */
function AttachedImage({ conversation, name }: { conversation: number; name: string }) {
  const { t } = useTranslation();
  const url = usePrivateImage(API.supportDetail, { id: String(conversation), image: name });
  return url ? (
    <a href={url} target="_blank" rel="noreferrer">
      <img className="admin-support__image" src={url} alt={t('support.image')} data-testid="admin-support-image" />
    </a>
  ) : (
    <span className="admin-support__image" aria-label={t('support.image')} />
  );
}
