import { useTranslation } from 'react-i18next';
import type { AdminGame } from '@fairdraw/contract';
import { showToast } from '../../lib/toast.ts';
import { useEnableGame } from './api/enable-game.ts';
import { useSetGameCancel } from './api/set-game-cancel.ts';

// The two switches of a game's row in the Games table: both apply at once (and are audited).

/** Whether the game is open to players. */
export function EnableSwitch({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const enable = useEnableGame();
  return (
    <label className="games-admin__switch" onClick={(e) => e.stopPropagation()}>
      <input
        type="checkbox"
        role="switch"
        checked={game.enabled}
        disabled={enable.isPending}
        data-testid={`game-enabled-${game.code}`}
        onChange={(e) => {
          // Read now: the controlled box shows the saved value again until the answer arrives.
          const on = e.target.checked;
          enable.mutate(
            { games_id: game.id, enabled: on },
            {
              onSuccess: () => showToast(t(on ? 'gamesAdmin.enabledNow' : 'gamesAdmin.disabledNow')),
              onError: (err) => showToast(err.message, 'error'),
            },
          );
        }}
      />
      <span>{game.enabled ? t('admin.enabled') : t('admin.disabled')}</span>
    </label>
  );
}

/** Whether players may cancel a slip of the game before its period's seal: at once, audited. */
export function CancelSwitch({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const save = useSetGameCancel();
  return (
    <label className="games-admin__switch" onClick={(e) => e.stopPropagation()}>
      <input
        type="checkbox"
        role="switch"
        checked={game.cancel_enabled}
        disabled={save.isPending}
        data-testid={`game-cancel-${game.code}`}
        onChange={(e) => {
          // Read now: the controlled box shows the saved value again until the answer arrives.
          const on = e.target.checked;
          save.mutate(
            { games_id: game.id, cancel_enabled: on },
            {
              onSuccess: () => showToast(t(on ? 'gamesAdmin.cancelOnNow' : 'gamesAdmin.cancelOffNow')),
              onError: (err) => showToast(err.message, 'error'),
            },
          );
        }}
      />
      <span>{game.cancel_enabled ? t('gamesAdmin.cancelAllowed') : t('gamesAdmin.cancelOff')}</span>
    </label>
  );
}
