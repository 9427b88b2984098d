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
  type AdminPlayerResetAnswer,
} from '@fairdraw/contract';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { FormTextField } from '../../components/form-fields.tsx';
import { FormError } from '../../components/text-field.tsx';
import { errorText, reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { showToast } from '../../lib/toast.ts';
import { useFreezePlayer, useRemoveTwoFactor, useResetPassword } from './api/players.ts';

type Values = { reason: string };
const API_FIELDS = ['reason'] as const;
/** Both requests are a player's id and the reason. */
type ReasonRequest = AdminPlayerFreezeRequest;

/** An action on one player that needs a reason for the audit log: freeze, unfreeze, remove two-step verification. */
function ReasonDialog({
  player,
  open,
  onClose,
  schema,
  submit,
  title,
  body,
  confirmText,
  testId,
}: {
  player: AdminPlayer;
  open: boolean;
  onClose: () => void;
  schema: z.ZodType<ReasonRequest, ReasonRequest>;
  submit: (body: ReasonRequest) => Promise<unknown>;
  title: string;
  body: string | null;
  confirmText: string;
  /** The confirm button is `<testId>-confirm`, the reason field `<testId>-reason`. */
  testId: string;
}) {
  const { t } = useTranslation();
  const form = useForm<Values, unknown, ReasonRequest>({
    defaultValues: { reason: '' },
    resolver: contractResolver<Values, unknown, ReasonRequest>(() =>
      z
        .object({ reason: z.string() })
        .transform(({ reason }) => ({ id: player.id, reason }))
        .pipe(schema),
    ),
  });
  const close = () => {
    form.reset({ reason: '' });
    onClose();
  };
  const onSubmit = form.handleSubmit(async (request) => {
    try {
      await submit(request);
      showToast(t('admin.done'));
      close();
    } catch (e) {
      reportServerError(form.setError, e, API_FIELDS);
    }
  });
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmText={confirmText}
      confirmTestId={`${testId}-confirm`}
      busy={form.formState.isSubmitting}
      onCancel={close}
      onConfirm={() => void onSubmit()}
    >
      {body !== null && <p>{body}</p>}
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormTextField
          control={form.control}
          name="reason"
          label={t('players.admin.reason')}
          maxLength={PLAYER_REASON_MAX}
          autoComplete="off"
          testId={`${testId}-reason`}
        />
      </form>
      <FormError text={errorText(t, form.formState.errors.root?.server)} />
    </ConfirmDialog>
  );
}

/** Freeze (or unfreeze) one player. */
function FreezeDialog({ player, open, onClose }: { player: AdminPlayer; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const freeze = !player.frozen;
  const mutation = useFreezePlayer();
  return (
    <ReasonDialog
      player={player}
      open={open}
      onClose={onClose}
      schema={adminPlayerFreezeRequest}
      submit={(body) => mutation.mutateAsync({ freeze, body })}
      title={t(freeze ? 'players.admin.freezeTitle' : 'players.admin.unfreezeTitle', { account: player.account })}
      body={freeze ? t('players.admin.freezeBody') : null}
      confirmText={t(freeze ? 'players.admin.freeze' : 'players.admin.unfreeze')}
      testId="player-freeze"
    />
  );
}

/** Remove two-step verification (lost phone and recovery codes). */
function RemoveTwoFactorDialog({ player, open, onClose }: { player: AdminPlayer; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useRemoveTwoFactor();
  return (
    <ReasonDialog
      player={player}
      open={open}
      onClose={onClose}
      schema={adminPlayerRemoveTwoFactorRequest}
      submit={(body) => mutation.mutateAsync(body)}
      title={t('players.admin.removeTwoFactorTitle', { account: player.account })}
      body={t('players.admin.removeTwoFactorBody')}
      confirmText={t('players.admin.removeTwoFactorConfirm')}
      testId="player-2fa-remove"
    />
  );
}

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
