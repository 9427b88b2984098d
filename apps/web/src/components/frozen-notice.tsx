import { useTranslation } from 'react-i18next';
import { useProfile } from '../lib/server-state/profile.ts';
import { useSession } from '../lib/use-session.ts';

/** Whether the logged-in player is frozen by an operator (the profile's view; the API refuses anyway). */
export function useFrozen(): boolean {
  return useProfile(useSession()?.token).data?.frozen === true;
}

/**
 * The frozen notice (ACCOUNT_FROZEN's text: no bets, deposits, withdrawals, rebate claims or payout-method changes;
 * reading and support stay open), shown where the player would try one of them. Nothing while not frozen.
 */
export function FrozenNotice({ testId }: { testId: string }) {
  const { t } = useTranslation();
  if (!useFrozen()) return null;
  return (
    <p className="warning" role="status" data-testid={testId}>
      {t('errors:ACCOUNT_FROZEN')}
    </p>
  );
}
