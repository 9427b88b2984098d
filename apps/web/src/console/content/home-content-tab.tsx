import './content.css';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  BANNER_TITLE_MAX,
  LANGS,
  NOTICE_MAX,
  bannerSaveRequest,
  noticeSaveRequest,
  resolveLang,
  type AdminBanner,
  type BannerSaveRequest,
  type CarouselItem,
  type Lang,
  type NoticeSaveRequest,
} from '@fairdraw/contract';
import { Carousel } from '../../components/carousel.tsx';
import { FormError } from '../../components/field.tsx';
import { FormTextField } from '../../components/form-fields.tsx';
import { NoticeBar } from '../../components/notice-bar.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { ErrorState } from '../../components/states.tsx';
import { errorText, reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { LANG_NAMES } from '../../lib/i18n.ts';
import { showToast } from '../../lib/toast.ts';
import { useAdminHome, useDeleteBanner, useSaveBanner, useSaveNotice } from './api/home-content.ts';
import { ImageField, LangTexts, emptyTexts, textsOf, type Texts } from './content-fields.tsx';
import {
  EditorAbove,
  EditorActions,
  ScheduleFields,
  SiteLinkOptions,
  StatusBadge,
  scheduleColumns,
  scheduleRequest,
  scheduleStatus,
  scheduleValues,
  useEditorSubmit,
  type ScheduleValues,
} from './content-schedule.tsx';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';

/** A banner as the player of `lang` sees it on Home (the same fields GET /api/index/index gives). */
const asSeen = (
  b: { image: string; images: Record<string, string>; url: string | null; title: Record<string, string> },
  lang: Lang,
): CarouselItem => ({
  image: b.images[lang] || b.image,
  url: b.url,
  title: b.title[lang] ?? '',
});

/** The console's Home content: a preview as the player sees it, the banners, and the notice. */
export function HomeContentTab() {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<Lang>(resolveLang(i18n.language));
  const [chosen, setChosen] = useState<AdminBanner | 'new' | null>(null);
  const home = useAdminHome();

  const columns = useMemo<DataColumn<AdminBanner>[]>(
    () => [
      {
        id: 'image',
        header: t('content.image'),
        cell: (b) => <img className="content-thumb" src={b.images[lang] || b.image} alt="" />,
      },
      { id: 'title', header: t('content.title'), value: (b) => b.title[lang] ?? '', filter: 'text' },
      {
        id: 'status',
        header: t('content.state'),
        value: (b) => scheduleStatus(b),
        cell: (b) => <StatusBadge status={scheduleStatus(b)} />,
      },
      {
        id: 'url',
        header: t('content.link'),
        value: (b) => b.url ?? '',
        cell: (b) => <span className="mono break">{b.url ?? '—'}</span>,
      },
      ...scheduleColumns<AdminBanner>(t, lang),
    ],
    [t, lang],
  );

  if (home.isPending) return <Skeleton style={{ height: 240, margin: 12 }} />;
  if (home.isError) return <ErrorState error={home.error} onRetry={() => void home.refetch()} />;
  const live = home.data.banners.filter((b) => b.live).map((b) => asSeen(b, lang));
  const editing = chosen === 'new' ? null : chosen;

  return (
    <div className="content-home">
      <section className="content-preview-box" aria-labelledby="home-preview-title" data-testid="home-preview">
        <div className="content-preview-head">
          <h3 id="home-preview-title">{t('content.preview')}</h3>
          <div className="chips" role="group" aria-label={t('auth.language')}>
            {LANGS.map((l) => (
              <button
                key={l}
                type="button"
                aria-pressed={l === lang}
                className="chip"
                onClick={() => setLang(l)}
                data-testid={`home-preview-lang-${l}`}
              >
                {LANG_NAMES[l]}
              </button>
            ))}
          </div>
        </div>
        <div className="content-phone" lang={lang}>
          {live.length === 0 ? (
            <p className="muted">{t('content.noLiveBanners')}</p>
          ) : (
            <Carousel items={live} preview />
          )}
          <NoticeBar text={home.data.notice[lang] ?? ''} />
        </div>
      </section>

      <EditorAbove
        list={
          <DataTable
            testId="banners-table"
            rowTestId="banner-row"
            label={t('content.banners')}
            columns={columns}
            rows={home.data.banners}
            rowKey={(b) => b.id}
            empty={t('content.noBanners')}
            toolbar={
              <button
                type="button"
                className="btn btn--primary btn--small"
                onClick={() => setChosen('new')}
                data-testid="banner-new"
              >
                {t('content.newBanner')}
              </button>
            }
            onRowClick={setChosen}
            selectedKey={editing?.id ?? null}
          />
        }
        editor={
          chosen && (
            <BannerEditor
              key={editing?.id ?? 'new'}
              banner={editing}
              lang={lang}
              onDone={(b) => setChosen(b)}
              onClose={() => setChosen(null)}
            />
          )
        }
      />

      <NoticeEditor key={JSON.stringify(home.data.notice)} notice={textsOf(home.data.notice)} />
    </div>
  );
}

type BannerValues = ScheduleValues & { image: string; images: Texts; url: string; title: Texts };
const BANNER_FIELDS = ['image', 'images', 'url', 'title', 'starts_at', 'ends_at', 'sort', 'id'] as const;

const bannerSchema = (id: number | undefined) =>
  z
    .custom<BannerValues>()
    .transform((v): z.input<typeof bannerSaveRequest> => ({
      ...(id !== undefined ? { id } : {}),
      image: v.image,
      images: Object.fromEntries(LANGS.filter((l) => v.images[l]).map((l) => [l, v.images[l]])),
      url: v.url.trim() === '' ? null : v.url.trim(),
      title: v.title,
      ...scheduleRequest(v),
    }))
    .pipe(bannerSaveRequest);

const bannerValues = (b: AdminBanner | null): BannerValues => ({
  image: b?.image ?? '',
  images: textsOf(b?.images),
  url: b?.url ?? '',
  title: b ? textsOf(b.title) : emptyTexts(),
  ...scheduleValues(b),
});

/** The banner under edit, as the player of `lang` would see it. */
function BannerPreview({ control, lang }: { control: Control<BannerValues, unknown, BannerSaveRequest>; lang: Lang }) {
  const { t } = useTranslation();
  const v = useWatch({ control });
  if (!v.image) return null;
  const item = asSeen({ image: v.image, images: { ...v.images }, url: v.url ?? null, title: { ...v.title } }, lang);
  return (
    <div className="content-phone content-phone--small" lang={lang} data-testid="banner-preview">
      <p className="muted">{t('content.previewIn', { lang: LANG_NAMES[lang] })}</p>
      <Carousel items={[item]} preview />
    </div>
  );
}

function BannerEditor({
  banner,
  lang,
  onDone,
  onClose,
}: {
  banner: AdminBanner | null;
  lang: Lang;
  onDone: (b: AdminBanner | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBanner();
  const remove = useDeleteBanner();
  const [perLang, setPerLang] = useState(() => Object.values(banner?.images ?? {}).some(Boolean));
  const form = useForm<BannerValues, unknown, BannerSaveRequest>({
    defaultValues: bannerValues(banner),
    resolver: contractResolver<BannerValues, unknown, BannerSaveRequest>(() => bannerSchema(banner?.id)),
  });
  const { control, formState } = form;

  const { onSubmit, onDelete } = useEditorSubmit({
    form,
    fields: BANNER_FIELDS,
    save: (request) => save.mutateAsync(request),
    remove: banner ? () => remove.mutateAsync(banner.id) : null,
    onDone,
  });

  return (
    <form className="form content-editor" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="banner-editor">
      <h3>{banner ? t('content.editBanner', { id: banner.id }) : t('content.newBanner')}</h3>
      <div className="content-media">
        <ImageField control={control} name="image" label={t('content.image')} testId="banner-image" />
        <BannerPreview control={control} lang={lang} />
      </div>
      <label className="check">
        <input type="checkbox" checked={perLang} onChange={(e) => setPerLang(e.target.checked)} />{' '}
        {t('content.perLangImages')}
      </label>
      {perLang &&
        LANGS.map((l) => (
          <ImageField
            key={l}
            control={control}
            name={`images.${l}`}
            label={t('content.imageIn', { lang: LANG_NAMES[l] })}
            testId={`banner-image-${l}`}
            optional
          />
        ))}
      <LangTexts
        control={control}
        name="title"
        label={t('content.bannerTitle')}
        maxLength={BANNER_TITLE_MAX}
        testId="banner-title"
      />
      <FormTextField
        control={control}
        name="url"
        label={t('content.link')}
        hint={t('content.bannerLinkHint')}
        list="banner-links"
        testId="banner-url"
        maxLength={2048}
        autoComplete="off"
      />
      <SiteLinkOptions id="banner-links" />
      <ScheduleFields control={control} register={form.register} testId="banner" startsRequired={false} />
      <FormError text={errorText(t, formState.errors.root?.server)} />
      <EditorActions
        testId="banner"
        submitting={formState.isSubmitting}
        onDelete={banner ? () => void onDelete() : null}
        deleting={remove.isPending}
        onClose={onClose}
      />
    </form>
  );
}

type NoticeValues = { body: Texts };

function NoticeEditor({ notice }: { notice: Texts }) {
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
        <FormError text={errorText(t, form.formState.errors.root?.server)} />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={form.formState.isSubmitting}
          data-testid="notice-save"
        >
          {t('content.saveNotice')}
        </button>
      </form>
    </section>
  );
}
