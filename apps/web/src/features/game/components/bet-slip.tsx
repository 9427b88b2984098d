import { useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BetSlip as Slip, PlayItem } from '@fairdraw/contract';
import { AmountField } from '../../../components/amount-field.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { parseAmount, toAmountText } from '../../../lib/money.ts';
import { useMoney, useWallet } from '../../../lib/wallet.ts';
import { placeBet } from '../api/game-api.ts';
import { slipTotals } from '../lib/derive.ts';

const QUICK = [10, 50, 100, 500];

type Props = {
  gameId: number;
  issue: string;
  items: PlayItem[];
  /** The chosen numbers of Mark Six all-in items, by play item id. */
  numbers: Record<number, number[]>;
  open: boolean;
  disabled: boolean;
  onClose: () => void;
  onRemove: (id: number) => void;
  onDone: () => void;
};

/** The bet slip: slides up from the bottom; one stake for every selected play; confirm, then the answer. */
export function BetSlipSheet({ gameId, issue, items, numbers, open, disabled, onClose, onRemove, onDone }: Props) {
  const { t } = useTranslation();
  const { format, exponent } = useMoney();
  const wallet = useWallet();
  const qc = useQueryClient();
  const [text, setText] = useState('10');
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true; slip: Slip } | { ok: false; msg: string } | null>(null);
  const keys = useRef(new IdempotencyKeys());

  const parsed = parseAmount(text, exponent);
  const stake = parsed.kind === 'ok' ? parsed.minor : 0;
  const lines = useMemo(() => items.map((i) => ({ amount: stake, odds_bps: i.odds_bps })), [items, stake]);
  const { total, ret } = slipTotals(lines);
  const limitError = items.find((i) => stake > 0 && (stake < i.min || stake > i.max));
  const error =
    parsed.kind === 'invalid'
      ? t('bet.amountInvalid')
      : limitError
        ? t('bet.limits', { min: format(limitError.min), max: format(limitError.max) })
        : null;
  const canSubmit = !disabled && items.length > 0 && stake > 0 && !error;

  const bet = useMutation({
    mutationFn: () => {
      const body = {
        games_id: gameId,
        issue,
        items: items.map((i) => {
          const n = numbers[i.id];
          return n ? { play_id: i.id, amount: stake, numbers: n } : { play_id: i.id, amount: stake };
        }),
      };
      return keys.current.send(body, (key) => placeBet(body, key));
    },
    onSuccess: (slip) => {
      setOutcome({ ok: true, slip });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
      void qc.invalidateQueries({ queryKey: ['bets'] });
      onDone();
    },
    onError: (e) => {
      const msg =
        e instanceof ApiError && e.code === 404
          ? t('bet.unavailable')
          : e instanceof ApiError
            ? e.message
            : t('common.offline');
      setOutcome({ ok: false, msg });
    },
    onSettled: () => setConfirming(false),
  });

  const close = () => {
    setOutcome(null);
    onClose();
  };

  return (
    <div className={open ? 'sheet is-open' : 'sheet'} aria-hidden={!open} inert={!open}>
      <button type="button" className="sheet__scrim" aria-label={t('common.cancel')} onClick={close} tabIndex={-1} />
      <section
        className="sheet__panel"
        role="dialog"
        aria-modal="false"
        aria-label={t('bet.slip')}
        data-testid="bet-slip"
      >
        <header className="sheet__head">
          <h2 className="sheet__title">{t('bet.slip')}</h2>
          <span className="muted num">{issue}</span>
          <button type="button" className="btn btn--ghost btn--small" onClick={close}>
            {t('bet.close')}
          </button>
        </header>
        {outcome ? (
          <Outcome outcome={outcome} balance={wallet.data ? format(wallet.data.balance) : null} onClose={close} />
        ) : (
          <>
            <ul className="slip-lines">
              {items.map((i) => (
                <li key={i.id} className="slip-line">
                  <span className="slip-line__name">
                    {i.name}
                    {numbers[i.id] && (
                      <span className="slip-line__numbers num" data-testid="slip-numbers">
                        {' '}
                        ({numbers[i.id]?.join(', ')})
                      </span>
                    )}
                  </span>
                  <span className="slip-line__odds num">@{i.odds}</span>
                  <button
                    type="button"
                    className="slip-line__remove"
                    aria-label={t('bet.remove', { name: i.name })}
                    onClick={() => onRemove(i.id)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
            <AmountField
              value={text}
              onValue={setText}
              testId="bet-amount"
              hint={t('bet.perPlay')}
              invalid={!!error}
              error={error}
              chips={QUICK.map((n) => ({ label: String(n), value: toAmountText(n * 10 ** exponent, exponent) }))}
            />
            <dl className="facts facts--small slip-totals">
              <div>
                <dt>{t('bet.total')}</dt>
                <dd className="num" data-testid="bet-total">
                  {format(total)}
                </dd>
              </div>
              <div>
                <dt>{t('bet.possibleReturn')}</dt>
                <dd className="num slip-totals__win" data-testid="bet-return">
                  {format(ret)}
                </dd>
              </div>
            </dl>
            {disabled && <p className="warning">{t('bet.closed')}</p>}
            <button
              type="button"
              className="btn btn--primary btn--block"
              disabled={!canSubmit}
              data-testid="bet-submit"
              onClick={() => setConfirming(true)}
            >
              {t('bet.place', { n: items.length })}
            </button>
          </>
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('bet.confirmTitle')}
        busy={bet.isPending}
        confirmTestId="bet-confirm"
        onCancel={() => setConfirming(false)}
        onConfirm={() => bet.mutate()}
      >
        <p className="num">
          {t('bet.confirmBody', { n: items.length, issue, total: format(total), ret: format(ret) })}
        </p>
      </ConfirmDialog>
    </div>
  );
}

function Outcome({
  outcome,
  balance,
  onClose,
}: {
  outcome: { ok: true; slip: Slip } | { ok: false; msg: string };
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
          <span aria-hidden="true">✕</span> {outcome.msg}
        </p>
      )}
      <button type="button" className="btn btn--ghost btn--block" data-testid="bet-outcome-close" onClick={onClose}>
        {t('bet.close')}
      </button>
    </div>
  );
}
