import type { Promotion } from '@fairdraw/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';

/** A promotion's picture, title and dates: a row of the list, and the head of its detail. */
export function PromotionCard({ p, heading = 'h3' }: { p: Promotion; heading?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const Title = heading;
  return (
    <>
      <img className="promo__image" src={p.image} alt="" width={750} height={300} loading="lazy" />
      <span className="promo__text">
        <Title className="promo__title">{p.title}</Title>
        <span className="promo__dates">
          {t('activity.until', { time: formatDateTime(p.ends_at, lang, undefined, { withYear: true }) })}
        </span>
      </span>
    </>
  );
}
