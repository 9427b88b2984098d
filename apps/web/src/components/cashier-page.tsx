import '../styles/money.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/use-session.ts';
import { BalanceChip } from './balance-chip.tsx';
import { SignedOutState } from './states.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * A cashier screen: top bar with title and balance, and the signed-out state when nobody is logged in. Operators
 * have no wallet, so their top bar shows no balance.
 */
export function CashierPage({
  title,
  children,
  back = true,
  signedOut,
}: {
  title: string;
  children: ReactNode;
  back?: boolean;
  /** What a visitor sees instead of the screen; by default the wallet's invitation to log in or register. */
  signedOut?: ReactNode;
}) {
  const { t } = useTranslation();
  const user = useSession();
  return (
    <main className="page">
      <TopBar title={title} back={back} right={user && user.role !== 'operator' ? <BalanceChip /> : undefined} />
      {user ? children : (signedOut ?? <SignedOutState text={t('common.signedOut')} />)}
    </main>
  );
}
