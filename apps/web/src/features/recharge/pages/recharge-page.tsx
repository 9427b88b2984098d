import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { EmptyState, ErrorState, NoticeState } from '../../../components/states.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useWallet } from '../../../lib/server-state/wallet.ts';
import { isPath, pageKey, PATHS, withQuery } from '../../../lib/paths.ts';
import { DepositLimitOffer } from '../../../components/deposit-limit-offer.tsx';
import { BreakGate } from '../../../components/break-gate.tsx';
import { useChannels } from '../api/get-channels.ts';
import { DepositForm } from '../components/deposit-form.tsx';

/** /recharge and its aliases (/chongZhi, /deposit, /hyChong, /transferBank preselects bank transfer). */
export function RechargePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession();
  const wallet = useWallet();
  const demo = user?.is_guest || wallet.data?.demo;
  return (
    <CashierPage title={t(pageKey(pathname))}>
      {demo ? (
        <NoticeState text={t('errors:DEMO_NOT_ALLOWED')} testId="demo-deposit">
          <Link to={PATHS.register} className="btn btn--primary">
            {t('auth.toRegister')}
          </Link>
        </NoticeState>
      ) : (
        <>
          <BreakGate>
            <DepositLimitOffer />
            <Deposit preferBank={isPath(pathname, PATHS.transferBank)} />
          </BreakGate>
          <div className="page-actions">
            <Link
              to={withQuery(PATHS.my, { sheet: 'limits' })}
              className="btn btn--ghost btn--block"
              data-testid="deposit-limits"
            >
              {t('limits.title')}
            </Link>
          </div>
        </>
      )}
    </CashierPage>
  );
}

/** The deposit channels load first: skeleton, error with retry, or "no channels". */
function Deposit({ preferBank }: { preferBank: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const channels = useChannels(lang, true);
  if (channels.isPending) {
    return (
      <div className="stack" aria-busy="true">
        <Skeleton style={{ height: 64 }} />
        <Skeleton style={{ height: 64 }} />
        <Skeleton style={{ height: 48 }} />
      </div>
    );
  }
  if (channels.isError) return <ErrorState error={channels.error} onRetry={() => void channels.refetch()} />;
  if (channels.data.length === 0) return <EmptyState text={t('recharge.noChannels')} />;
  return <DepositForm channels={channels.data} preferBank={preferBank} />;
}
