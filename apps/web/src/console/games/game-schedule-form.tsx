import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { AdminGame, AdminScheduleSaveRequest } from '@fairdraw/contract';
import { FormTextField } from '../../components/form-fields.tsx';
import { reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { showToast } from '../../lib/toast.ts';
import { FormFooter } from '../ui/form-footer.tsx';
import { useSaveGameSchedule } from './api/save-game-schedule.ts';
import { scheduleSchema, type ScheduleValues } from './game-plays-schema.ts';

/**
 * A cycle game's schedule (cycle and seal seconds): saved for the next day not yet opened, which the toast names.
 */
export function ScheduleForm({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const save = useSaveGameSchedule();
  const shown = game.next_schedule ?? game;
  const form = useForm<ScheduleValues, { games_id: number }, AdminScheduleSaveRequest>({
    resolver: contractResolver(scheduleSchema),
    context: { games_id: game.id },
    defaultValues: { cycle_seconds: String(shown.cycle_seconds), seal_seconds: String(shown.seal_seconds) },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      const next = saved.games.find((g) => g.id === game.id)?.next_schedule;
      showToast(next ? t('gamesAdmin.scheduleFrom', { date: next.effective_date }) : t('admin.saved'));
    } catch (e) {
      reportServerError(form.setError, e, ['cycle_seconds', 'seal_seconds'] as const);
    }
  });
  return (
    <section className="section" aria-labelledby="games-schedule-title">
      <h3 className="section__title" id="games-schedule-title">
        {t('gamesAdmin.schedule')}
      </h3>
      <p className="muted">{t('gamesAdmin.scheduleRule')}</p>
      <form className="form games-admin__row-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormTextField
          control={form.control}
          name="cycle_seconds"
          label={t('gamesAdmin.cycleSeconds')}
          inputMode="numeric"
          autoComplete="off"
          className="num"
          testId="games-cycle"
        />
        <FormTextField
          control={form.control}
          name="seal_seconds"
          label={t('gamesAdmin.sealSeconds')}
          inputMode="numeric"
          autoComplete="off"
          className="num"
          testId="games-seal"
        />
        <FormFooter
          error={form.formState.errors.root?.server}
          submitting={form.formState.isSubmitting}
          label={t('payout.save')}
          testId="games-schedule-save"
        />
      </form>
    </section>
  );
}
