import { useTranslation } from 'react-i18next';
import { waveOf } from '../lib/derive.ts';

/** The number of a Mark Six number play (special or normal), or null for any other play. */
export function markSixNumberOf(code: string): number | null {
  const m = /^ms\.(?:special|normal)\.num\.(\d{1,2})$/.exec(code);
  return m ? Number(m[1]) : null;
}

/** A small Mark Six ball: the plain number in its wave colour (its colour named for a screen reader). */
export function MiniBall({ n }: { n: number }) {
  const { t } = useTranslation();
  const wave = waveOf(n);
  return (
    <span className={`ball ball--mini ball--${wave}`} aria-label={`${n} ${t(`draw.${wave}`)}`} data-testid="mini-ball">
      {n}
    </span>
  );
}
