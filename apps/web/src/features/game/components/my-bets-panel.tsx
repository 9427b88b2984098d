import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BetSlip } from '@fairdraw/contract';
import { SlipRow } from './slip-row.tsx';

type Props = {
  /** The player's latest slips of this game (newest first). */
  slips: readonly BetSlip[];
  /** The period open now, and the last one drawn (its slips stay in view until they settle and a little after). */
  issue: string | null;
  lastIssue: string | null;
  /** Buttons of one slip (e.g. cancel), shown under it. */
  action?: (slip: BetSlip) => ReactNode;
};

/** "My bets this issue": the player's slips on the current period, then those on the last draw. */
export function MyBetsPanel({ slips, issue, lastIssue, action }: Props) {
  const { t } = useTranslation();
  const now = issue ? slips.filter((s) => s.issue === issue) : [];
  const last = lastIssue && lastIssue !== issue ? slips.filter((s) => s.issue === lastIssue) : [];
  return (
    <section className="my-bets" data-testid="my-bets" aria-labelledby="my-bets-title">
      <h2 className="my-bets__title" id="my-bets-title">
        {t('bet.mine')} {issue && <span className="muted num">{issue}</span>}
      </h2>
      {now.length === 0 ? (
        <p className="muted" data-testid="my-bets-empty">
          {t('bet.mineEmpty')}
        </p>
      ) : (
        <div className="my-bets__list" data-testid="my-bets-now">
          {now.map((s) => (
            <SlipRow key={s.id} slip={s} linkToGame={false} action={action?.(s)} />
          ))}
        </div>
      )}
      {last.length > 0 && (
        <>
          <h3 className="my-bets__sub">{t('bet.mineLast', { issue: lastIssue })}</h3>
          <div className="my-bets__list" data-testid="my-bets-last">
            {last.map((s) => (
              <SlipRow key={s.id} slip={s} linkToGame={false} action={action?.(s)} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
