import { useTranslation } from 'react-i18next';
import { LANGS, type CarouselItem, type Lang } from '@fairdraw/contract';
import { Carousel } from '../../components/carousel.tsx';
import { NoticeBar } from '../../components/notice-bar.tsx';
import { LANG_NAMES } from '../../lib/i18n.ts';

/** A banner as the player of `lang` sees it on Home (the same fields GET /api/index/index gives). */
export const asSeen = (
  b: { image: string; images: Record<string, string>; url: string | null; title: Record<string, string> },
  lang: Lang,
): CarouselItem => ({
  image: b.images[lang] || b.image,
  url: b.url,
  title: b.title[lang] ?? '',
});

/** Home's top as the player of `lang` sees it now: the live banners and the notice, in any of the six languages. */
export function HomePreview({
  lang,
  onLang,
  banners,
  notice,
}: {
  lang: Lang;
  onLang: (lang: Lang) => void;
  banners: CarouselItem[];
  notice: string;
}) {
  const { t } = useTranslation();
  return (
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
              onClick={() => onLang(l)}
              data-testid={`home-preview-lang-${l}`}
            >
              {LANG_NAMES[l]}
            </button>
          ))}
        </div>
      </div>
      <div className="content-phone" lang={lang}>
        {banners.length === 0 ? (
          <p className="muted">{t('content.noLiveBanners')}</p>
        ) : (
          <Carousel items={banners} preview />
        )}
        <NoticeBar text={notice} />
      </div>
    </section>
  );
}
