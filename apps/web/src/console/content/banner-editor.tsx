import { useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  BANNER_TITLE_MAX,
  LANGS,
  bannerSaveRequest,
  type AdminBanner,
  type BannerSaveRequest,
  type Lang,
} from '@fairdraw/contract';
import { Carousel } from '../../components/carousel.tsx';
import { FormError } from '../../components/field.tsx';
import { FormTextField } from '../../components/form-fields.tsx';
import { errorText } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { LANG_NAMES } from '../../lib/i18n.ts';
import { useDeleteBanner, useSaveBanner } from './api/home-content.ts';
import { ImageField, LangTexts, emptyTexts, textsOf, type Texts } from './content-fields.tsx';
import {
  EditorActions,
  ScheduleFields,
  SiteLinkOptions,
  scheduleRequest,
  scheduleValues,
  useEditorSubmit,
  type ScheduleValues,
} from './content-schedule.tsx';
import { asSeen } from './home-preview.tsx';

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

/** A banner's six-language form above the table: picture(s), title, link, schedule; Save, Delete, Close. */
export function BannerEditor({
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
