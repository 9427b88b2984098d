import '../styles/money.css';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS, withQuery } from '../lib/paths.ts';
import { useSession } from '../lib/use-session.ts';
import { useDepositLimitOffered, useLimits } from '../lib/server-state/limits.ts';

/**
 * The offer to set a deposit limit (UK RTS 12, Ontario 2.23), at registration and at the first deposit; the player
 * may skip it. Made once: the server keeps that it was (POST /api/protection/prompt) and stops offering it once made
 * or once a deposit limit is set, so it is not shown twice, on this device or another. `onDone` is told which way
 * the player went (the registration step then moves on); without it, "set a limit" opens the limits sheet.
 */
export function DepositLimitOffer({ onDone }: { onDone?: (set: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession();
  const token = user && user.role === 'player' && !user.is_guest ? user.token : undefined;
  const limits = useLimits(token);
  const offered = useDepositLimitOffered(token);
  if (!limits.data?.offer_deposit_limit || offered.isSuccess) return null;
  const answer = (set: boolean) => {
    offered.mutate(undefined);
    if (onDone) onDone(set);
    else if (set) void navigate(withQuery(PATHS.my, { sheet: 'limits' }));
  };
  return (
    <section className="panel deposit-limit-offer" data-testid="deposit-limit-offer">
      <h2 className="panel__title">{t('limits.offerTitle')}</h2>
      <p className="hint">{t('limits.offerText')}</p>
      <div className="page-actions page-actions--row">
        <button
          type="button"
          className="btn btn--primary btn--small"
          onClick={() => answer(true)}
          data-testid="deposit-limit-set"
        >
          {t('limits.offerSet')}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          onClick={() => answer(false)}
          data-testid="deposit-limit-skip"
        >
          {t('limits.offerSkip')}
        </button>
      </div>
    </section>
  );
}
