import { useTranslation } from 'react-i18next';
import { resolveLang, type WinningItem } from '@fairdraw/contract';
import { TrophyIcon } from '../../../components/icons.tsx';
import { exponentOf } from '@fairdraw/domain/currency';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { gameLabel } from '../../../lib/games.ts';

/** Real settled wins only; until draws settle there are none, and the list says so. */
export function WinningList({ items }: { items: WinningItem[] }) {
  const { t, i18n } = useTranslation();
  const lang = resolveLang(i18n.language);
  return (
    <section className="section" data-testid="winning-list" aria-labelledby="winners-title">
      <h2 className="section__title" id="winners-title">
        <TrophyIcon className="section__icon" />
        {t('home.winners')}
      </h2>
      {items.length === 0 ? (
        <p className="empty">{t('home.winnersEmpty')}</p>
      ) : (
        <ul className="win-list">
          {items.map((w, i) => (
            <li key={`${w.time}-${i}`} className="win-list__row">
              <span className="win-list__who">
                <span className="win-list__name">{w.nickname}</span>
                <span className="win-list__game">{gameLabel({ code: w.game_code, name: w.game_name }, t)}</span>
              </span>
              <span className="win-list__what">
                <span className="win-list__amount num">
                  {t('home.won')} {formatAmount(w.amount, w.currency, exponentOf(w.currency), lang, { signed: true })}
                </span>
                <time className="win-list__time" dateTime={new Date(w.time).toISOString()}>
                  {formatDateTime(w.time, lang)}
                </time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
