import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { NOTICE_MAX, noticeSaveRequest, type NoticeSaveRequest } from '@fairdraw/contract';
import { reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { showToast } from '../../lib/toast.ts';
import { FormFooter } from '../ui/form-footer.tsx';
import { useSaveNotice } from './api/home-content.ts';
import { LangTexts, type Texts } from './content-fields.tsx';

type NoticeValues = { body: Texts };

/** The notice under Home's banners, in six languages: saved at once. */
export function NoticeEditor({ notice }: { notice: Texts }) {
  const { t } = useTranslation();
  const save = useSaveNotice();
  const form = useForm<NoticeValues, unknown, NoticeSaveRequest>({
    defaultValues: { body: notice },
    resolver: contractResolver<NoticeValues, unknown, NoticeSaveRequest>(() => noticeSaveRequest),
  });
  const onSubmit = form.handleSubmit(async (request) => {
    try {
      await save.mutateAsync(request);
      showToast(t('content.saved'));
    } catch (e) {
      reportServerError(form.setError as never, e, ['body'] as const);
    }
  });
  return (
    <section className="content-notice" aria-labelledby="notice-title">
      <h3 id="notice-title">{t('content.notice')}</h3>
      <p className="muted">{t('content.noticeHint')}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="notice-editor">
        <LangTexts
          control={form.control}
          name="body"
          label={t('content.body')}
          rows={3}
          maxLength={NOTICE_MAX}
          testId="notice"
        />
        <FormFooter
          error={form.formState.errors.root?.server}
          submitting={form.formState.isSubmitting}
          label={t('content.saveNotice')}
          testId="notice-save"
        />
      </form>
    </section>
  );
}
