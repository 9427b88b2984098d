import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BetRequest, PlayItem } from '@fairdraw/contract';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { contractResolver } from '../../../lib/forms.ts';
import { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { parseAmount } from '../../../lib/money.ts';
import { useMoney, useWallet } from '../../../lib/wallet.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useSession } from '../../../lib/use-session.ts';
import { placeBet } from '../api/place-bet.ts';
import { betSchema, type BetContext, type StakeValues } from '../lib/bet-schema.ts';
import { slipTotals } from '../lib/derive.ts';
import { BetOutcome, betError, type Outcome } from './bet-outcome.tsx';
import { ChaseSheet } from './chase-sheet.tsx';
import { SlipLines } from './slip-lines.tsx';
import { SlipStake } from './slip-stake.tsx';

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
  // A player frozen by an operator is told so here; the API refuses his bets anyway (ACCOUNT_FROZEN).
  const frozen = useProfile(useSession()?.token).data?.frozen === true;
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const keys = useRef(new IdempotencyKeys());
  const context: BetContext = { gameId, issue, items, numbers, exponent };
  const form = useForm<StakeValues, BetContext, BetRequest>({
    defaultValues: { stake: '10' },
    resolver: contractResolver(betSchema),
    context,
  });
  // The slip checks as the stake is typed and as plays come and go: the message and the button follow at once.
  const stakeText = useWatch({ control: form.control, name: 'stake' });
  const check = betSchema(context).safeParse({ stake: stakeText });
  const stakeIssue = check.error?.issues.find((i) => i.path[0] === 'stake' && i.message !== 'AMOUNT_REQUIRED');
  const limits = stakeIssue && 'params' in stakeIssue ? (stakeIssue.params as { min: number; max: number }) : null;
  const parsed = parseAmount(stakeText, exponent);
  const stake = parsed.kind === 'ok' ? parsed.minor : 0;
  const { total, ret } = slipTotals(items.map((i) => ({ amount: stake, odds_bps: i.odds_bps })));

  const bet = useMutation({
    mutationFn: (body: BetRequest) => keys.current.send(body, (key) => placeBet(body, key)),
    onSuccess: (slip) => {
      setOutcome({ ok: true, slip });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
      void qc.invalidateQueries({ queryKey: ['bets'] });
      onDone();
    },
    onError: (e) => setOutcome({ ok: false, error: betError(e) }),
    onSettled: () => setConfirming(false),
  });
  // A slip that stopped being valid while the dialog was open (the period moved on) is not sent.
  const place = form.handleSubmit(
    (body) => bet.mutate(body),
    () => setConfirming(false),
  );
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
          <BetOutcome outcome={outcome} balance={wallet.data ? format(wallet.data.balance) : null} onClose={close} />
        ) : (
          <>
            <SlipLines items={items} numbers={numbers} onRemove={onRemove} />
            <SlipStake
              control={form.control}
              error={stakeIssue}
              values={limits ? { min: format(limits.min), max: format(limits.max) } : undefined}
              total={total}
              ret={ret}
            />
            {disabled && <p className="warning">{t('bet.closed')}</p>}
            {frozen && (
              <p className="warning" role="status" data-testid="bet-frozen">
                {t('errors:ACCOUNT_FROZEN')}
              </p>
            )}
            <button
              type="button"
              className="btn btn--primary btn--block"
              disabled={disabled || frozen || !check.success}
              data-testid="bet-submit"
              onClick={() => setConfirming(true)}
            >
              {t('bet.place', { n: items.length })}
            </button>
            <ChaseSheet
              slip={check.success ? check.data : null}
              disabled={disabled || frozen}
              onDone={() => {
                onDone();
                close();
              }}
            />
          </>
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('bet.confirmTitle')}
        busy={bet.isPending}
        confirmTestId="bet-confirm"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void place()}
      >
        <p className="num">
          {t('bet.confirmBody', { n: items.length, issue, total: format(total), ret: format(ret) })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
