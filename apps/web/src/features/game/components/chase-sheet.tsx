import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CHASE_PERIODS_MAX, CHASE_PERIODS_MIN, chaseRequest } from '@fairdraw/contract';
import type { BetRequest, Chase, ChaseRequest } from '@fairdraw/contract';
import { useModalDialog } from '../../../components/dialog.tsx';
import { Field } from '../../../components/field.tsx';
import { contractResolver, issue } from '../../../lib/forms.ts';
import { errorText, serverError, type ErrorLike } from '../../../lib/form-errors.ts';
import { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useSession } from '../../../lib/use-session.ts';
import { placeChase } from '../api/place-chase.ts';
import { WALLET_KEY } from '../../../lib/server-state/keys.ts';

/** What the player chooses: how many periods, a flat stake or one doubled every N periods, stop on a win. */
type ChaseValues = { periods: string; plan: 'flat' | 'double'; every: string; stop: boolean };
type ChaseContext = { slip: BetRequest };

/** The multiplier of each period: 1 each (flat), or doubled every `every` periods (1, 1, 2, 2, 4, 4 … for 2). */
export function chaseMultipliers(periods: number, plan: ChaseValues['plan'], every: number): number[] {
  return Array.from({ length: periods }, (_, k) => (plan === 'flat' ? 1 : 2 ** Math.floor(k / every)));
}

const wholeNumber = (text: string): number | null => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The choices → the chase request on the slip, then the contract's own chaseRequest (the server's keys). */
const chaseSchema = ({ slip }: ChaseContext) =>
  z
    .object({ periods: z.string(), plan: z.enum(['flat', 'double']), every: z.string(), stop: z.boolean() })
    .transform((v, ctx): ChaseRequest => {
      const periods = wholeNumber(v.periods);
      if (periods === null) return (issue(ctx, 'CHASE_PERIODS_INVALID', 'periods'), z.NEVER);
      const every = wholeNumber(v.every);
      if (v.plan === 'double' && (every === null || every < 1 || every > CHASE_PERIODS_MAX)) {
        return (issue(ctx, 'chase.everyInvalid', 'every'), z.NEVER);
      }
      return {
        ...slip,
        periods,
        multipliers: chaseMultipliers(periods, v.plan, every ?? 1),
        stop_on_win: v.stop,
      };
    })
    .pipe(chaseRequest);

type Props = {
  /** The slip as the bet slip would send it (null while it is not valid). */
  slip: BetRequest | null;
  disabled: boolean;
  onDone: () => void;
};

/**
 * "Chase" on the bet slip: the same slip over the game's next periods (players only; guests play one slip at a
 * time). Opens a sheet to choose the periods, a flat or doubling stake and stop on a win, shows the whole stake
 * (taken at once) and places the chase.
 */
export function ChaseSheet({ slip, disabled, onDone }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const ref = useModalDialog(open);
  const titleId = useId();
  if (!session || session.is_guest || session.role !== 'player') return null;
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--block"
        disabled={disabled || !slip}
        data-testid="chase-open"
        onClick={() => setOpen(true)}
      >
        {t('chase.open')}
      </button>
      {/* A modal of its own (the game screen's .sheet class is the slip's). */}
      <dialog
        ref={ref}
        className="dialog chase-dialog"
        aria-labelledby={titleId}
        data-testid="chase-sheet"
        onCancel={(e) => {
          e.preventDefault();
          setOpen(false);
        }}
      >
        {open && slip && (
          <ChaseForm
            slip={slip}
            titleId={titleId}
            onClose={() => setOpen(false)}
            onDone={() => {
              setOpen(false);
              onDone();
            }}
          />
        )}
      </dialog>
    </>
  );
}

function ChaseForm({
  slip,
  titleId,
  onClose,
  onDone,
}: {
  slip: BetRequest;
  titleId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const qc = useQueryClient();
  const keys = useRef(new IdempotencyKeys());
  const [placed, setPlaced] = useState<Chase | null>(null);
  const [failure, setFailure] = useState<ErrorLike>(null);
  const context: ChaseContext = { slip };
  const form = useForm<ChaseValues, ChaseContext, ChaseRequest>({
    defaultValues: { periods: '5', plan: 'flat', every: '2', stop: true },
    resolver: contractResolver(chaseSchema),
    context,
  });
  const values = useWatch({ control: form.control }) as ChaseValues;
  const check = chaseSchema(context).safeParse(values);
  const errorOf = (field: string): ErrorLike => {
    const found = check.error?.issues.find((i) => i.path[0] === field);
    return found ? { message: found.message } : null;
  };
  const slipTotal = slip.items.reduce((s, i) => s + i.amount, 0);
  const multipliers = check.success ? (check.data.multipliers ?? []) : [];
  const total = multipliers.reduce((s, m) => s + slipTotal * m, 0);

  const chase = useMutation({
    mutationFn: (body: ChaseRequest) => keys.current.send(body, (key) => placeChase(body, key)),
    onSuccess: (c) => {
      setPlaced(c);
      void qc.invalidateQueries({ queryKey: WALLET_KEY });
      void qc.invalidateQueries({ queryKey: ['bets'] });
    },
    onError: (e) => setFailure(serverError(e)?.error ?? null),
  });
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    chase.mutate(body);
  });

  if (placed) {
    return (
      <div className="dialog__body" data-testid="chase-outcome">
        <h2 className="dialog__title" id={titleId}>
          {t('chase.title')}
        </h2>
        <p className="status status--ok status--big" role="status">
          <span aria-hidden="true">✓</span> {t('chase.placed', { count: placed.periods })}
        </p>
        <dl className="facts facts--small">
          <div>
            <dt>{t('chase.number')}</dt>
            <dd className="num" data-testid="chase-id">
              #{placed.id}
            </dd>
          </div>
          <div>
            <dt>{t('chase.total')}</dt>
            <dd className="num">{format(placed.total)}</dd>
          </div>
        </dl>
        <button type="button" className="btn btn--ghost btn--block" data-testid="chase-done" onClick={onDone}>
          {t('bet.close')}
        </button>
      </div>
    );
  }

  return (
    <form
      className="dialog__body chase-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="dialog__title" id={titleId}>
        {t('chase.title')}
      </h2>
      <p className="chase-note">{t('chase.intro', { issue: slip.issue })}</p>
      <Field
        label={t('chase.periods', { min: CHASE_PERIODS_MIN, max: CHASE_PERIODS_MAX })}
        name="periods"
        error={errorOf('periods')}
      >
        {(control) => (
          <input
            className="input num"
            inputMode="numeric"
            autoComplete="off"
            data-testid="chase-periods"
            {...control}
            {...form.register('periods')}
          />
        )}
      </Field>
      <fieldset className="chase-plan">
        <legend className="field__label">{t('chase.plan')}</legend>
        <label className="check">
          <input type="radio" value="flat" data-testid="chase-plan-flat" {...form.register('plan')} />
          <span>{t('chase.flat')}</span>
        </label>
        <label className="check">
          <input type="radio" value="double" data-testid="chase-plan-double" {...form.register('plan')} />
          <span>{t('chase.double')}</span>
        </label>
        {values.plan === 'double' && (
          <Field label={t('chase.every')} name="every" error={errorOf('every')}>
            {(control) => (
              <input
                className="input num"
                inputMode="numeric"
                autoComplete="off"
                data-testid="chase-every"
                {...control}
                {...form.register('every')}
              />
            )}
          </Field>
        )}
      </fieldset>
      <label className="check">
        <input type="checkbox" data-testid="chase-stop" {...form.register('stop')} />
        <span>{t('chase.stopOnWin')}</span>
      </label>
      {errorOf('multipliers') && <p className="warning">{errorText(t, errorOf('multipliers'))}</p>}
      <dl className="facts facts--small slip-totals">
        <div>
          <dt>{t('chase.perPeriod')}</dt>
          <dd className="num">
            {format(slipTotal)}
            {multipliers.some((m) => m > 1) && (
              <span className="muted">
                {' '}
                · ×{multipliers.slice(0, 6).join(' ×')}
                {multipliers.length > 6 ? ' …' : ''}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('chase.total')}</dt>
          <dd className="num slip-totals__win" data-testid="chase-total">
            {check.success ? format(total) : '—'}
          </dd>
        </div>
      </dl>
      <p className="chase-note">{t('chase.rules')}</p>
      {failure && (
        <p className="status status--bad" role="alert" data-testid="chase-error">
          <span aria-hidden="true">✕</span> {errorText(t, failure)}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={!check.success || chase.isPending}
        data-testid="chase-submit"
      >
        {t('chase.submit', { count: check.success ? check.data.periods : 0 })}
      </button>
      <button type="button" className="btn btn--ghost btn--block" onClick={onClose}>
        {t('common.cancel')}
      </button>
    </form>
  );
}
