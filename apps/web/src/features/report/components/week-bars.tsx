import type { ProfitDay } from '@fairdraw/contract';
import type { Lang } from '@fairdraw/contract';
import { INTL_LOCALE } from '@fairdraw/contract';

/**
 * The last seven days' net as bars (plain elements and CSS: seven bars need no chart library). Above the line the player won,
 * below it lost; the chosen day is outlined, and a bar is a button that shows that day.
 */
export function WeekBars({
  days,
  lang,
  selected,
  onSelect,
  label,
  format,
}: {
  days: readonly ProfitDay[];
  lang: Lang;
  selected: string | null;
  onSelect: (day: string) => void;
  label: string;
  format: (minor: number) => string;
}) {
  const max = Math.max(1, ...days.map((d) => Math.abs(d.net)));
  const weekday = new Intl.DateTimeFormat(INTL_LOCALE[lang], { weekday: 'short', timeZone: 'UTC' });
  const H = 56; // half the plot height, px
  return (
    <div className="week-bars" role="group" aria-label={label} data-testid="profit-chart">
      {days.map((d) => {
        const h = Math.round((Math.abs(d.net) / max) * H);
        const date = new Date(`${d.day}T00:00:00Z`);
        return (
          <button
            key={d.day}
            type="button"
            className="week-bars__day"
            aria-pressed={selected === d.day}
            aria-label={`${d.day}: ${format(d.net)}`}
            onClick={() => onSelect(d.day)}
            data-testid={`profit-bar-${d.day}`}
          >
            <span className="week-bars__plot" style={{ height: H * 2 }}>
              {d.net !== 0 && (
                <span
                  className={`week-bars__bar ${d.net > 0 ? 'week-bars__bar--up' : 'week-bars__bar--down'}`}
                  style={d.net > 0 ? { bottom: H, height: Math.max(h, 2) } : { top: H, height: Math.max(h, 2) }}
                />
              )}
              <span className="week-bars__axis" style={{ top: H }} />
            </span>
            <span className="week-bars__label">{weekday.format(date)}</span>
            <span className="week-bars__date num">{d.day.slice(8)}</span>
          </button>
        );
      })}
    </div>
  );
}
