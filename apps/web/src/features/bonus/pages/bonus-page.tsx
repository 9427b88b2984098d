import '../../../styles/money.css';
import '../bonus.css';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BonusIndex, RebateItem } from '@fairdraw/contract';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ErrorState, NoticeState } from '../../../components/states.tsx';
import { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { useProfile } from '../../../lib/server-state/profile.ts';
import { FrozenNotice, useFrozen } from '../../../components/frozen-notice.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useBonusIndex, useClaimBonus, useRebates } from '../api/bonus.ts';
import { BonusProgress } from '../components/bonus-progress.tsx';
import { bpsText, formatDay } from '../lib/format-day.ts';

/**
 * /caijin and /caiJin, the Bonus tab: the daily rebate. What is claimable and the claim, the bonus still held by its
 * turnover requirement with the progress, the rates per game family, and the history.
 */
export function BonusPage() {
  const { t } = useTranslation();
  const user = useSession();
  const profile = useProfile(user?.token);
  const role = profile.data?.role ?? user?.role;
  const guest = profile.data?.is_guest ?? user?.is_guest ?? false;
  let body;
  if (!user) body = null;
  else if (role === 'operator') body = <NoticeState text={t('bonus.operator')} testId="bonus-operator" />;
  else body = <Bonus token={user.token} guest={guest} />;
  return (
    <CashierPage title={t('page.caiJin')} back={false}>
      {body}
    </CashierPage>
  );
}

function Bonus({ token, guest }: { token: string; guest: boolean }) {
  const { t } = useTranslation();
  const index = useBonusIndex(token);
  if (index.isPending) return <Skeleton style={{ height: 220, margin: 12 }} />;
  if (index.isError) return <ErrorState error={index.error} onRetry={() => void index.refetch()} />;
  const data = index.data;
  return (
    <>
      {guest ? (
        <NoticeState text={t('bonus.guest')} testId="bonus-guest">
          <Link to={PATHS.register} className="btn btn--primary">
            {t('auth.toRegister')}
          </Link>
        </NoticeState>
      ) : (
        <>
          <ClaimCard data={data} />
          <section className="panel bonus-panel" aria-labelledby="bonus-lock-title">
            <h2 className="panel__title" id="bonus-lock-title">
              {t('bonus.lockTitle')}
            </h2>
            <BonusProgress bonus={data.bonus} />
          </section>
        </>
      )}
      <Rates data={data} />
      {!guest && <History token={token} />}
    </>
  );
}

function ClaimCard({ data }: { data: BonusIndex }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format } = useMoney();
  const claim = useClaimBonus();
  // Frozen by an operator: no claim until it is lifted (the API refuses anyway: ACCOUNT_FROZEN).
  const frozen = useFrozen();
  const keys = useRef(new IdempotencyKeys());
  const onClaim = async () => {
    try {
      const answer = await keys.current.send({ claim: data.claimable_days }, (key) => claim.mutateAsync(key));
      showToast(t('bonus.claimed', { amount: format(answer.claimed) }));
    } catch (e) {
      showToast(e instanceof Error ? e.message : t('errors:INTERNAL'));
    }
  };
  const days = data.claimable_days.map((d) => formatDay(d, lang)).join(', ');
  return (
    <section className="brand-card bonus-card" aria-labelledby="bonus-claim-title">
      <h2 className="bonus-card__label" id="bonus-claim-title">
        {t('bonus.claimable')}
      </h2>
      <p className="bonus-card__amount num" data-testid="bonus-claimable">
        {format(data.claimable)}
      </p>
      <p className="bonus-card__note">{data.claimable > 0 ? t('bonus.forDays', { days }) : t('bonus.nothingYet')}</p>
      <FrozenNotice testId="bonus-frozen" />
      <button
        type="button"
        className="btn btn--light btn--block"
        disabled={data.claimable <= 0 || claim.isPending || frozen}
        onClick={() => void onClaim()}
        data-testid="bonus-claim"
      >
        {claim.isPending ? t('auth.submitting') : t('bonus.claim')}
      </button>
    </section>
  );
}

/** A rebate's arithmetic on round numbers (1 % of 1,000 in the wallet's currency), marked as an example, not an offer. */
function RebateExample() {
  const { t } = useTranslation();
  const { format, exponent } = useMoney();
  const turnover = 1000 * 10 ** exponent;
  return (
    <p className="panel__note" data-testid="bonus-example">
      <span className="badge">{t('bonus.exampleBadge')}</span>{' '}
      {t('bonus.exampleText', { rate: '1', turnover: format(turnover), rebate: format(turnover / 100) })}
    </p>
  );
}

function Rates({ data }: { data: BonusIndex }) {
  const { t } = useTranslation();
  const offered = data.rates.filter((r) => r.rate_bps > 0);
  return (
    <section className="panel bonus-panel" aria-labelledby="bonus-rates-title" data-testid="bonus-rates">
      <h2 className="panel__title" id="bonus-rates-title">
        {t('bonus.ratesTitle')}
      </h2>
      {offered.length === 0 ? (
        <>
          <p className="panel__note">{t('bonus.noRates')}</p>
          <RebateExample />
        </>
      ) : (
        <table className="bonus-rates">
          <thead>
            <tr>
              <th scope="col">{t('bonus.family')}</th>
              <th scope="col">{t('bonus.rate')}</th>
              <th scope="col">{t('bonus.requirement')}</th>
            </tr>
          </thead>
          <tbody>
            {offered.map((r) => (
              <tr key={r.family} data-testid={`bonus-rate-${r.family}`}>
                <th scope="row">{t(`bonus.families.${r.family}`)}</th>
                <td className="num">{bpsText(r.rate_bps)} %</td>
                <td className="num">{t('bonus.times', { n: r.multiple })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="panel__note">{t('bonus.how')}</p>
    </section>
  );
}

function History({ token }: { token: string }) {
  const { t } = useTranslation();
  const list = useRebates(token, true);
  return (
    <section className="bonus-history" aria-labelledby="bonus-history-title">
      <h2 className="section__title bonus-history__title" id="bonus-history-title">
        {t('bonus.history')}
      </h2>
      <PagedList query={list} empty={t('bonus.historyEmpty')} itemKey={(r) => r.id} render={(r) => <Row r={r} />} />
    </section>
  );
}

function Row({ r }: { r: RebateItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format, formatSigned } = useMoney();
  return (
    <div className="record" data-testid={`bonus-row-${r.day}`}>
      <div className="record__main">
        <span className="record__title">{formatDay(r.day, lang)}</span>
        <span className="record__amount num">{formatSigned(r.amount)}</span>
      </div>
      <div className="record__meta">
        <span>{t('bonus.turnover', { amount: format(r.turnover) })}</span>
        <span className={`status ${r.status === 'claimed' ? 'status--ok' : 'status--wait'}`}>
          {t(`bonus.status.${r.status}`)}
        </span>
      </div>
    </div>
  );
}
