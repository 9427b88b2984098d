import { useTranslation } from 'react-i18next';
import type { PlayItem } from '@fairdraw/contract';
import { useMoney } from '../../../lib/wallet.ts';
import { PlayLabel } from './slip-lines.tsx';

export type SharedSlip = {
  lines: { item: PlayItem; amount: number; numbers?: number[] }[];
  /** Lines of the link that name no play of this game (left out). */
  skipped: number;
};

/** A slip shared as a link: its plays and stakes, to copy into the player's own slip or put aside. */
export function SharedSlipCard({
  shared,
  onCopy,
  onDismiss,
}: {
  shared: SharedSlip;
  onCopy: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const { format } = useMoney();
  return (
    <section className="shared-slip record" data-testid="shared-slip" aria-labelledby="shared-slip-title">
      <h2 className="my-bets__title" id="shared-slip-title">
        {t('bet.shared')}
      </h2>
      <ul className="bet-lines">
        {shared.lines.map((l) => (
          <li key={l.item.id} className="bet-line">
            <span className="bet-line__name">
              <PlayLabel item={l.item} numbers={l.numbers} /> <span className="muted num">@{l.item.odds}</span>
            </span>
            <span className="num">{format(l.amount)}</span>
          </li>
        ))}
      </ul>
      {shared.skipped > 0 && (
        <p className="warning" data-testid="shared-slip-skipped">
          {t('bet.sharedPartial', { count: shared.skipped })}
        </p>
      )}
      <div className="record__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={onDismiss}>
          {t('bet.close')}
        </button>
        <button type="button" className="btn btn--primary btn--small" data-testid="shared-slip-copy" onClick={onCopy}>
          {t('bet.copyToSlip')}
        </button>
      </div>
    </section>
  );
}
