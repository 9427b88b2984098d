import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS, withQuery } from '../../../app/routes.ts';

const OFFERED_KEY = 'fd.depositLimitOffered';

function offered(): boolean {
  try {
    return localStorage.getItem(OFFERED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * At the first deposit (UK RTS 12, Ontario 2.23): the offer to set a deposit limit, which the player may skip. Shown
 * until the player either goes to set one or says "not now".
 */
export function DepositLimitOffer() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(offered);
  if (hidden) return null;
  const done = () => {
    try {
      localStorage.setItem(OFFERED_KEY, '1');
    } catch {
      // No storage: the offer shows again next time.
    }
    setHidden(true);
  };
  return (
    <section className="panel deposit-limit-offer" data-testid="deposit-limit-offer">
      <h2 className="panel__title">{t('limits.offerTitle')}</h2>
      <p className="hint">{t('limits.offerText')}</p>
      <div className="page-actions">
        <Link to={withQuery(PATHS.my, { sheet: 'limits' })} className="btn btn--primary btn--small" onClick={done}>
          {t('limits.offerSet')}
        </Link>
        <button type="button" className="btn btn--ghost btn--small" onClick={done} data-testid="deposit-limit-skip">
          {t('limits.offerSkip')}
        </button>
      </div>
    </section>
  );
}
