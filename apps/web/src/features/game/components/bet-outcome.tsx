import { useTranslation } from 'react-i18next';
import type { BetSlip } from '@fairdraw/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { errorText, serverError, type ErrorLike } from '../../../lib/form-errors.ts';
import { useMoney } from '../../../lib/wallet.ts';

export type Outcome = { ok: true; slip: BetSlip } | { ok: false; error: ErrorLike };

/** A refused bet's message: "not available yet" for an unknown game or play (404), else the API's words. */
export function betError(e: unknown): ErrorLike {
  if (e instanceof ApiError && e.code === 404) return { message: 'bet.unavailable' };
  return serverError(e)?.error ?? null;
}

/** The answer to a placed slip: accepted (slip id, total, new balance) or refused (why). */
export function BetOutcome({
  outcome,
  balance,
  onClose,
}: {
  outcome: Outcome;
  balance: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { format } = useMoney();
  return (
    <div className="slip-outcome" data-testid="bet-outcome" data-ok={outcome.ok}>
      {outcome.ok ? (
        <>
          <p className="status status--ok status--big" role="status">
            <span aria-hidden="true">✓</span> {t('bet.accepted')}
          </p>
          <dl className="facts facts--small">
            <div>
              <dt>{t('bet.slipId')}</dt>
              <dd className="num" data-testid="bet-slip-id">
                {outcome.slip.id}
              </dd>
            </div>
            <div>
              <dt>{t('bet.total')}</dt>
              <dd className="num">{format(outcome.slip.total)}</dd>
            </div>
            {balance && (
              <div>
                <dt>{t('bet.newBalance')}</dt>
                <dd className="num">{balance}</dd>
              </div>
            )}
          </dl>
        </>
      ) : (
        <p className="status status--bad status--big" role="alert" data-testid="bet-error">
          <span aria-hidden="true">✕</span> {errorText(t, outcome.error)}
        </p>
      )}
      <button type="button" className="btn btn--ghost btn--block" data-testid="bet-outcome-close" onClick={onClose}>
        {t('bet.close')}
      </button>
    </div>
  );
}
