import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BetRequest, PlayItem } from '@fairdraw/contract';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { copyText } from '../../../components/copy-button.tsx';
import { contractResolver } from '../../../lib/forms.ts';
import { showToast } from '../../../lib/toast.ts';
import { errorText } from '../../../lib/form-errors.ts';
import { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { parseAmount, toAmountText } from '../../../lib/money.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { WALLET_KEY } from '../../../lib/server-state/keys.ts';
import { useWallet } from '../../../lib/server-state/wallet.ts';
import { useProfile } from '../../../lib/server-state/profile.ts';
import { useSession } from '../../../lib/use-session.ts';
import { placeBet } from '../api/place-bet.ts';
import {
  betSchema,
  lineText,
  MAX_MULTIPLIER,
  readMultiplier,
  stakeField,
  type BetContext,
  type StakeValues,
} from '../lib/bet-schema.ts';
import type { Family } from '../lib/derive.ts';
import { encodeSharedSlip, SHARE_PARAM } from '../lib/shared-slip.ts';
import { useMaxReturn } from '../lib/use-max-return.ts';
import { BetOutcome, betError, type Outcome } from './bet-outcome.tsx';
import { ChaseSheet } from './chase-sheet.tsx';
import { SlipLines } from './slip-lines.tsx';
import { SlipStake } from './slip-stake.tsx';

/** Stakes to put on the slip's lines (repeat last slip): minor units by play item id, and the multiplier. */
export type SlipPreset = { key: number; stakes: Record<number, number>; multiplier: number };

type Props = {
  gameId: number;
  family: Family;
  issue: string;
  items: PlayItem[];
  /** The chosen numbers of Mark Six all-in items, by play item id. */
  numbers: Record<number, number[]>;
  open: boolean;
  disabled: boolean;
  preset?: SlipPreset | null;
  onClose: () => void;
  onRemove: (id: number) => void;
  onDone: () => void;
};

const DEFAULT_STAKE = '10';

/**
 * The bet slip: slides up from the bottom; a stake for every line (each line may have its own), a multiplier, the
 * total and the most the slip can bring back from one draw (the domain's maxReturn); checked against the balance;
 * confirm, then the answer.
 */
export function BetSlipSheet(props: Props) {
  const { gameId, family, issue, items, numbers, open, disabled, preset, onClose, onRemove, onDone } = props;
  const { t } = useTranslation();
  const { format, exponent } = useMoney();
  const wallet = useWallet();
  // A player frozen by an operator is told so here; the API refuses his bets anyway (ACCOUNT_FROZEN).
  const frozen = useProfile(useSession()?.token).data?.frozen === true;
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const keys = useRef(new IdempotencyKeys());
  const balance = wallet.data?.balance ?? null;
  const context: BetContext = { gameId, issue, items, numbers, exponent, balance };
  const form = useForm<StakeValues, BetContext, BetRequest>({
    defaultValues: { all: DEFAULT_STAKE, stakes: {}, multiplier: '1' },
    resolver: contractResolver(betSchema),
    context,
  });
  const { setValue, reset } = form;

  // Repeat last slip: its stakes (the multiplier is already in them) on the lines it chose.
  useEffect(() => {
    if (!preset) return;
    const stakes: Record<string, string> = {};
    for (const [id, minor] of Object.entries(preset.stakes)) stakes[id] = toAmountText(minor, exponent);
    reset({ all: DEFAULT_STAKE, stakes, multiplier: String(preset.multiplier) });
  }, [preset, exponent, reset]);

  // The slip checks as stakes are typed and as plays come and go: the messages and the button follow at once.
  const values = useWatch({ control: form.control }) as StakeValues;
  const check = betSchema(context).safeParse(values);
  const issues = check.error?.issues ?? [];
  const issueAt = (field: string) => issues.find((i) => i.path[0] === field);
  const paramsOf = (i: (typeof issues)[number] | undefined) =>
    (i && 'params' in i ? (i.params as Record<string, number>) : {}) ?? {};
  const lineErrors: Record<number, string> = {};
  for (const item of items) {
    const found = issueAt(stakeField(item.id));
    if (!found) continue;
    const p = paramsOf(found);
    const vals: Record<string, string> =
      p.min !== undefined && p.max !== undefined ? { min: format(p.min), max: format(p.max) } : {};
    lineErrors[item.id] = errorText(t, { message: found.message }, vals) ?? '';
  }
  const zero = !!issueAt('stakes');
  const over = issueAt('total');
  const multiplierIssue = issueAt('multiplier');

  const multiplier = readMultiplier(values.multiplier ?? '') ?? 1;
  const amountOf = (id: number) => {
    const parsed = parseAmount(lineText(values, id), exponent);
    return parsed.kind === 'ok' ? parsed.minor * multiplier : 0;
  };
  const stakes: Record<number, string> = {};
  for (const item of items) stakes[item.id] = lineText(values, item.id);
  const lines = items.map((i) => ({
    code: i.code,
    stake: amountOf(i.id),
    odds_bps: i.odds_bps,
    ...(numbers[i.id] && { numbers: numbers[i.id] }),
  }));
  const total = lines.reduce((s, l) => s + l.stake, 0);
  const ret = useMaxReturn(family, issue, lines);
  const retText = ret === undefined ? '…' : ret === null ? '—' : format(ret);

  // Share: this page's address with the slip's plays and stakes (nothing about the player) in `slip`.
  const share = () => {
    const url = new URL(window.location.href);
    url.searchParams.set(
      SHARE_PARAM,
      encodeSharedSlip(lines.map((l) => ({ code: l.code, amount: l.stake, ...(l.numbers && { numbers: l.numbers }) }))),
    );
    const link = url.toString();
    if (typeof navigator.share === 'function') {
      navigator.share({ title: t('bet.slip'), url: link }).catch(() => undefined);
      return;
    }
    void copyText(link).then((ok) =>
      showToast(ok ? t('bet.linkCopied') : t('common.copyFailed'), ok ? 'info' : 'error'),
    );
  };

  const bet = useMutation({
    mutationFn: (body: BetRequest) => keys.current.send(body, (key) => placeBet(body, key)),
    onSuccess: (slip) => {
      setOutcome({ ok: true, slip });
      void qc.invalidateQueries({ queryKey: WALLET_KEY });
      void qc.invalidateQueries({ queryKey: ['bets'] });
      setValue('stakes', {});
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
            <SlipLines
              items={items}
              numbers={numbers}
              stakes={stakes}
              errors={lineErrors}
              onStake={(id, text) => setValue('stakes', { ...values.stakes, [String(id)]: text })}
              onRemove={onRemove}
            />
            {zero && (
              <p className="form-error" role="alert" data-testid="bet-zero">
                {t('errors:ZERO_AMOUNT_BET')}
              </p>
            )}
            <SlipStake
              all={values.all ?? ''}
              onAll={(text) => {
                setValue('all', text);
                setValue('stakes', {});
              }}
              multiplier={values.multiplier ?? ''}
              onMultiplier={(text) => setValue('multiplier', text)}
              multiplierError={multiplierIssue ? t('bet.multiplierInvalid', { max: MAX_MULTIPLIER }) : null}
              total={total}
              ret={ret}
            />
            {check.success && (
              <div className="slip-share">
                <button type="button" className="btn btn--ghost btn--small" data-testid="bet-share" onClick={share}>
                  {t('bet.share')}
                </button>
              </div>
            )}
            {over && balance !== null && (
              <p className="warning" role="alert" data-testid="bet-over-balance">
                {t('bet.overBalance', { total: format(total), balance: format(balance) })}
              </p>
            )}
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
        <p className="num" data-testid="bet-confirm-body">
          {t('bet.confirmBody', { count: items.length, issue, total: format(total), ret: retText })}
        </p>
        {multiplier > 1 && <p className="muted num">{t('bet.multiplierNote', { n: multiplier })}</p>}
      </ConfirmDialog>
    </div>
  );
}
