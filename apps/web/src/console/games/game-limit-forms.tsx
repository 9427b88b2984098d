import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { AdminGame, AdminGameLimitRequest, AdminGameLimitsRequest } from '@fairdraw/contract';
import { FormTextField } from '../../components/form-fields.tsx';
import { reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { toAmountText } from '../../lib/money.ts';
import { showToast } from '../../lib/toast.ts';
import { useMoney } from '../../lib/wallet.ts';
import { FormFooter } from '../ui/form-footer.tsx';
import { useSaveGameLimit } from './api/save-game-limit.ts';
import { useSaveGameLimits } from './api/save-game-limits.ts';
import { gameLimitSchema, limitSchema, type GameLimitValues, type LimitValues } from './game-plays-schema.ts';

// The per-period stake limits: the site-wide one (under the Games table) and a game's own (in its details). Both
// apply at once.

/** The site-wide per-player per-period stake limit. */
export function LimitForm({ value }: { value: number }) {
  const { t } = useTranslation();
  const { exponent, format } = useMoney();
  const save = useSaveGameLimits();
  const form = useForm<LimitValues, { exponent: number; previous: number }, AdminGameLimitsRequest>({
    resolver: contractResolver(limitSchema),
    context: { exponent, previous: value },
    defaultValues: { period_max_per_player: toAmountText(value, exponent) },
  });
  return (
    <PeriodMaxForm
      form={form}
      save={save.mutateAsync}
      className="games-admin__limit"
      titleId="games-limit-title"
      title={
        <h2 className="section__title" id="games-limit-title">
          {t('gamesAdmin.limitTitle')}
        </h2>
      }
      label={t('gamesAdmin.periodMax')}
      hint={t('gamesAdmin.periodMaxHint', { amount: format(value) })}
      testId="games-period-max"
    />
  );
}

/**
 * A per-period limit's form (the site-wide one and a game's own): one amount field, its hint, the server's refusal
 * and Save; `save` sends what the form's contract schema made of the field.
 */
function PeriodMaxForm<Ctx, Req extends FieldValues>({
  form,
  save,
  className,
  titleId,
  title,
  label,
  hint,
  testId,
}: {
  form: UseFormReturn<{ period_max_per_player: string }, Ctx, Req>;
  save: (body: Req) => Promise<unknown>;
  className?: string;
  titleId: string;
  title: ReactNode;
  label: string;
  hint: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save(body);
      showToast(t('admin.saved'));
    } catch (e) {
      reportServerError(form.setError, e, ['period_max_per_player'] as const);
    }
  });
  return (
    <section className={className ? `section ${className}` : 'section'} aria-labelledby={titleId}>
      {title}
      <form className="form games-admin__row-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormTextField
          control={form.control}
          name="period_max_per_player"
          label={label}
          hint={hint}
          inputMode="decimal"
          autoComplete="off"
          className="num"
          testId={testId}
        />
        <FormFooter
          error={form.formState.errors.root?.server}
          submitting={form.formState.isSubmitting}
          label={t('payout.save')}
          testId={`${testId}-save`}
        />
      </form>
    </section>
  );
}

/**
 * The game's own per-player per-period limit: empty for none (only the site-wide one applies); the lower of the two
 * binds a slip. Saved over the value shown, at once.
 */
export function GameLimitForm({ game, siteMax }: { game: AdminGame; siteMax: number }) {
  const { t } = useTranslation();
  const { exponent, format } = useMoney();
  const save = useSaveGameLimit();
  const value = game.period_max_per_player;
  const form = useForm<
    GameLimitValues,
    { exponent: number; games_id: number; previous: number | null },
    AdminGameLimitRequest
  >({
    resolver: contractResolver(gameLimitSchema),
    context: { exponent, games_id: game.id, previous: value },
    defaultValues: { period_max_per_player: value === null ? '' : toAmountText(value, exponent) },
  });
  return (
    <PeriodMaxForm
      form={form}
      save={save.mutateAsync}
      titleId="games-game-limit-title"
      title={
        <h3 className="section__title" id="games-game-limit-title">
          {t('gamesAdmin.gameLimitTitle')}
        </h3>
      }
      label={t('gamesAdmin.gameLimit')}
      hint={
        value === null
          ? t('gamesAdmin.gameLimitNone', { site: format(siteMax) })
          : t('gamesAdmin.gameLimitNow', { amount: format(value), site: format(siteMax) })
      }
      testId="game-period-max"
    />
  );
}
