import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  adminPlayerFreezeRequest,
  adminPlayerRemoveTwoFactorRequest,
  PLAYER_REASON_MAX,
  type AdminPlayer,
  type AdminPlayerFreezeRequest,
  type AdminPlayerRemoveTwoFactorRequest,
  type AdminPlayerResetAnswer,
} from '@fairdraw/contract';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { showToast } from '../../../lib/toast.ts';
import { useFreezePlayer, useRemoveTwoFactor, useResetPassword } from '../api/players.ts';

type Values = { reason: string };
const API_FIELDS = ['reason'] as const;

/** Freeze (or unfreeze) one player: the reason is required and goes to the audit log. */
function FreezeDialog({ player, open, onClose }: { player: AdminPlayer; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const freeze = !player.frozen;
  const mutation = useFreezePlayer();
  const form = useForm<Values, unknown, AdminPlayerFreezeRequest>({
    defaultValues: { reason: '' },
    resolver: contractResolver<Values, unknown, AdminPlayerFreezeRequest>(() =>
      z
        .object({ reason: z.string() })
        .transform(({ reason }) => ({ id: player.id, reason }))
        .pipe(adminPlayerFreezeRequest),
    ),
  });
  const close = () => {
    form.reset({ reason: '' });
    onClose();
  };
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await mutation.mutateAsync({ freeze, body });
      showToast(t('admin.done'));
      close();
    } catch (e) {
      reportServerError(form.setError, e, API_FIELDS);
    }
  });
  return (
    <ConfirmDialog
      open={open}
      title={t(freeze ? 'players.admin.freezeTitle' : 'players.admin.unfreezeTitle', { account: player.account })}
      confirmText={t(freeze ? 'players.admin.freeze' : 'players.admin.unfreeze')}
      confirmTestId="player-freeze-confirm"
      busy={form.formState.isSubmitting}
      onCancel={close}
      onConfirm={() => void onSubmit()}
    >
      {freeze && <p>{t('players.admin.freezeBody')}</p>}
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormTextField
          control={form.control}
          name="reason"
          label={t('players.admin.reason')}
          maxLength={PLAYER_REASON_MAX}
          autoComplete="off"
          testId="player-freeze-reason"
        />
      </form>
      <FormError text={errorText(t, form.formState.errors.root?.server)} />
    </ConfirmDialog>
  );
}

/** Remove two-step verification (lost phone and recovery codes): the reason is required and goes to the audit log. */
function RemoveTwoFactorDialog({ player, open, onClose }: { player: AdminPlayer; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useRemoveTwoFactor();
  const form = useForm<Values, unknown, AdminPlayerRemoveTwoFactorRequest>({
    defaultValues: { reason: '' },
    resolver: contractResolver<Values, unknown, AdminPlayerRemoveTwoFactorRequest>(() =>
      z
        .object({ reason: z.string() })
        .transform(({ reason }) => ({ id: player.id, reason }))
        .pipe(adminPlayerRemoveTwoFactorRequest),
    ),
  });
  const close = () => {
    form.reset({ reason: '' });
    onClose();
  };
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await mutation.mutateAsync(body);
      showToast(t('admin.done'));
      close();
    } catch (e) {
      reportServerError(form.setError, e, API_FIELDS);
    }
  });
  return (
    <ConfirmDialog
      open={open}
      title={t('players.admin.removeTwoFactorTitle', { account: player.account })}
      confirmText={t('players.admin.removeTwoFactorConfirm')}
      confirmTestId="player-2fa-remove-confirm"
      busy={form.formState.isSubmitting}
      onCancel={close}
      onConfirm={() => void onSubmit()}
    >
      <p>{t('players.admin.removeTwoFactorBody')}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormTextField
          control={form.control}
          name="reason"
          label={t('players.admin.reason')}
          maxLength={PLAYER_REASON_MAX}
          autoComplete="off"
          testId="player-2fa-remove-reason"
        />
      </form>
      <FormError text={errorText(t, form.formState.errors.root?.server)} />
    </ConfirmDialog>
  );
}

/** Reset the login password: confirm, then the temporary password is shown once (copy it, then close). */
function ResetDialog({ player, open, onClose }: { player: AdminPlayer; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [answer, setAnswer] = useState<AdminPlayerResetAnswer | null>(null);
  const close = () => {
    setAnswer(null);
    reset.reset();
    onClose();
  };
  if (answer)
    return (
      <ConfirmDialog
        open={open}
        title={t('players.admin.tempTitle')}
        confirmText={t('admin.done')}
        confirmTestId="player-temp-done"
        onCancel={close}
        onConfirm={close}
      >
        <p>{t('players.admin.tempOnce')}</p>
        <p className="players__temp">
          <code className="mono" data-testid="player-temp-password">
            {answer.temporary_password}
          </code>{' '}
          <CopyButton text={answer.temporary_password} label={t('players.temporaryPassword')} />
        </p>
      </ConfirmDialog>
    );
  return (
    <ConfirmDialog
      open={open}
      title={t('players.admin.resetTitle', { account: player.account })}
      confirmText={t('players.admin.reset')}
      confirmTestId="player-reset-confirm"
      busy={reset.isPending}
      onCancel={close}
      onConfirm={() => reset.mutate(player.id, { onSuccess: setAnswer })}
    >
      <p>{t('players.admin.resetBody')}</p>
      <FormError text={reset.error ? reset.error.message : null} />
    </ConfirmDialog>
  );
}

/**
 * The actions on one player: freeze or unfreeze, reset the login password (guests have no password), remove
 * two-step verification when it is on.
 */
export function PlayerActions({ player, twoFactor }: { player: AdminPlayer; twoFactor: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'freeze' | 'reset' | 'twofactor' | null>(null);
  return (
    <div className="players__actions">
      <button
        type="button"
        className={player.frozen ? 'btn btn--primary btn--small' : 'btn btn--danger btn--small'}
        onClick={() => setOpen('freeze')}
        data-testid={player.frozen ? 'player-unfreeze' : 'player-freeze'}
      >
        {t(player.frozen ? 'players.admin.unfreeze' : 'players.admin.freeze')}
      </button>
      {!player.is_guest && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          onClick={() => setOpen('reset')}
          data-testid="player-reset"
        >
          {t('players.admin.reset')}
        </button>
      )}
      {twoFactor && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          onClick={() => setOpen('twofactor')}
          data-testid="player-2fa-remove"
        >
          {t('players.admin.removeTwoFactor')}
        </button>
      )}
      <FreezeDialog player={player} open={open === 'freeze'} onClose={() => setOpen(null)} />
      <RemoveTwoFactorDialog player={player} open={open === 'twofactor'} onClose={() => setOpen(null)} />
      <ResetDialog player={player} open={open === 'reset'} onClose={() => setOpen(null)} />
    </div>
  );
}
