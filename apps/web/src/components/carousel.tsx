import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CarouselItem } from '@fairdraw/contract';

/** Spec §9: the banner carousel autoplays every 3000 ms. */
export const AUTOPLAY_MS = 3000;

const safeUrl = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);
/** A path of this site (the API sends only screens of the site or allow-listed https addresses): opened in the app. */
const sitePath = (url: string | null): string | null => (url && /^\/(?![/\\])/.test(url) ? url : null);

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * A scroll-snap carousel: native swiping, no gesture library. Autoplay pauses while a finger is on it and when
 * the tab is hidden; indicators show only for more than one banner. Home and the console's preview share it
 * (`preview`: the banners are shown, their links are not followed).
 */
export function Carousel({ items, preview = false }: { items: CarouselItem[]; preview?: boolean }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;

  const goTo = useCallback((index: number) => {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: index * el.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, []);

  useEffect(() => {
    if (count < 2 || paused) return;
    const id = setInterval(() => {
      if (document.hidden) return;
      const el = track.current;
      if (!el) return;
      const current = Math.round(el.scrollLeft / Math.max(1, el.clientWidth));
      goTo((current + 1) % count);
    }, AUTOPLAY_MS);
    return () => clearInterval(id);
  }, [count, paused, goTo]);

  const onScroll = () => {
    const el = track.current;
    if (!el) return;
    setActive(Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / Math.max(1, el.clientWidth)))));
  };

  const open = (e: MouseEvent, url: string) => {
    e.preventDefault();
    window.open(url, '_blank', 'noopener');
  };

  if (count === 0) return null;

  return (
    <section className="carousel" data-testid="carousel" aria-roledescription="carousel" aria-label={t('home.banners')}>
      <div
        className="carousel__track"
        ref={track}
        onScroll={onScroll}
        onPointerDown={() => setPaused(true)}
        onPointerUp={() => setPaused(false)}
        onPointerCancel={() => setPaused(false)}
        onTouchStart={() => setPaused(true)}
        onTouchEnd={() => setPaused(false)}
      >
        {items.map((item, i) => {
          // A screen of the site opens in the app; an (allow-listed, checked by the API) https address in a new tab.
          const inSite = preview ? null : sitePath(item.url);
          const url = preview || inSite ? null : safeUrl(item.url);
          const img = (
            <img
              src={item.image}
              alt=""
              width={750}
              height={300}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              draggable={false}
            />
          );
          // The artwork leaves copy space on the left: the banner's title is real text there (translatable, crisp).
          const body = (
            <>
              {img}
              {item.title && <span className="carousel__caption">{item.title}</span>}
            </>
          );
          return (
            <div
              key={`${i}-${item.image}`}
              className="carousel__slide"
              data-testid="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slide', { n: i + 1, total: count })}
            >
              {inSite ? (
                <Link to={inSite} data-testid="carousel-link">
                  {body}
                </Link>
              ) : url ? (
                <a href={url} target="_blank" rel="noopener noreferrer" onClick={(e) => open(e, url)}>
                  {body}
                </a>
              ) : (
                body
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="carousel__dots" data-testid="carousel-indicators">
          {items.map((item, i) => (
            <button
              key={`${i}-${item.image}`}
              type="button"
              className="carousel__dot"
              data-testid="carousel-indicator"
              aria-current={i === active ? 'true' : undefined}
              aria-label={t('home.slide', { n: i + 1, total: count })}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
