import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { WalletCard } from '../../../components/wallet-card.tsx';
import { logout } from '../../../lib/logout.ts';
import { useProfile } from '../../../lib/server-state/profile.ts';
import { useSession } from '../../../lib/use-session.ts';
import { LANG_NAMES } from '../../../lib/i18n.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { badgeText, useUnreadCount } from '../../../lib/server-state/unread.ts';
import { ProtectionSection } from '../components/protection-section.tsx';
import { LimitsSection } from '../components/limits-section.tsx';
import { ProfileEditor } from '../components/profile-editor.tsx';
import { PATHS, withQuery } from '../../../lib/paths.ts';
import { FrozenNotice } from '../../../components/frozen-notice.tsx';
import { useKyc } from '../../../lib/server-state/kyc.ts';

/** The My tab: who is logged in, the wallet, and every money and account screen. */
export function MyPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession();
  const profile = useProfile(user?.token);
  const hasFundPwd = profile.data?.has_fund_password ?? false;
  const role = profile.data?.role ?? user?.role;
  const guest = profile.data?.is_guest ?? user?.is_guest ?? false;

  // Deposit and Withdraw are the wallet card's own buttons above: the menu lists the records and the rest.
  const items: { to: string; label: string; extra?: string }[] = [
    { to: PATHS.rechargeNotes, label: t('page.rechargeNotes') },
    { to: withQuery(PATHS.withdraw, { tab: 'records' }), label: t('my.withdrawRecords') },
    { to: PATHS.cards, label: t('page.cards') },
    { to: PATHS.virtual, label: t('page.virtual') },
    { to: withQuery(PATHS.wallet, { tab: 'history' }), label: t('wallet.history') },
    {
      to: hasFundPwd ? PATHS.changeFundPassword : PATHS.setFundPassword,
      label: t('my.fundPassword'),
      extra: profile.data ? (hasFundPwd ? t('my.isSet') : t('my.notSet')) : undefined,
    },
    { to: PATHS.loginPassword, label: t('my.loginPassword') },
    { to: PATHS.lang, label: t('auth.language'), extra: LANG_NAMES[lang] },
    { to: PATHS.support, label: t('page.service') },
    { to: PATHS.activity, label: t('page.activity') },
  ];
  if (role === 'operator') items.push({ to: PATHS.admin, label: t('my.operator') });
  // The bets: every game's records (with their status filter), and the open slips with their countdowns. The
  // /orders page and its spellings (/settled, /bettingHistory) stay reachable by their addresses, not listed twice.
  const bets = [
    { to: PATHS.betRecords, label: t('page.hyTou'), testId: 'my-bet-records' },
    { to: PATHS.openBets, label: t('page.gameBet'), testId: 'my-open-bets' },
  ];
  // Reports: today's report and profit and loss (registered players; a guest's play money is never reported).
  const reports = [
    { to: PATHS.profit, label: t('page.profit'), testId: 'my-profit' },
    { to: PATHS.profits, label: t('page.profits'), testId: 'my-profits' },
  ];
  const protection = user && role === 'player' && !guest ? user.token : null;
  const unread = useUnreadCount();
  // Profile and identity verification (players): the editor opens on this page with ?edit=profile.
  const [params] = useSearchParams();
  const kyc = useKyc(!!protection);
  const editing = !!protection && params.get('edit') === 'profile';
  const account = protection
    ? [
        { to: withQuery(PATHS.my, { edit: 'profile' }), label: t('kyc.editProfile'), testId: 'my-profile' },
        {
          to: PATHS.identityCard,
          label: t('page.identityCard'),
          testId: 'my-identity',
          extra: kyc.data ? t(`kyc.status.${kyc.data.status}`) : undefined,
        },
      ]
    : [];

  return (
    <CashierPage title={t('page.my')} back={false}>
      {user && (
        <section className="profile-head">
          <img
            className="profile-head__avatar"
            src={user.avatar || '/art/avatars/1.svg'}
            alt=""
            width={56}
            height={56}
          />
          <div className="profile-head__who">
            <span className="profile-head__name" data-testid="my-nickname">
              {user.nickname}
            </span>
            <span className="profile-head__account">
              {t('auth.account')}: {user.account}
            </span>
          </div>
          {guest && <span className="badge">{t('home.guestBadge')}</span>}
          {role === 'operator' && <span className="badge badge--brand">{t('my.operatorBadge')}</span>}
        </section>
      )}
      {editing && user && <ProfileEditor nickname={user.nickname} avatar={user.avatar} />}
      {/* A guest plays with demo money: what registering opens, one tap away. */}
      {guest && (
        <section className="panel" data-testid="my-guest-invite">
          <p className="panel__note">{t('my.guestInvite')}</p>
          <Link to={PATHS.register} className="btn btn--primary btn--block" data-testid="my-guest-register">
            {t('my.guestRegister')}
          </Link>
        </section>
      )}
      <WalletCard />
      {/* Frozen by an operator: no bets, deposits, withdrawals, rebate claims or payout-method changes. */}
      <FrozenNotice testId="my-frozen" />
      {/* Time-out and self-exclusion: registered players only (a demo session has no password to confirm with). */}
      {protection && <ProtectionSection token={protection} placement="status" />}
      {/* Messages: registered players, with the unread count. */}
      {protection && (
        <nav className="menu" aria-label={t('page.msg')}>
          <Link className="menu__item" to={PATHS.msg} data-testid="my-msg">
            <span>{t('page.msg')}</span>
            {unread > 0 && (
              <span className="count-badge menu__badge" data-testid="my-msg-badge">
                {badgeText(unread)}
              </span>
            )}
          </Link>
        </nav>
      )}
      <nav className="menu" aria-label={t('page.bettingHistory')}>
        {bets.map((item) => (
          <Link key={item.to} className="menu__item" to={item.to} data-testid={item.testId}>
            <span>{item.label}</span>
          </Link>
        ))}
      </nav>
      {protection && (
        <nav className="menu" aria-label={t('report.menu')}>
          {reports.map((item) => (
            <Link key={item.to} className="menu__item" to={item.to} data-testid={item.testId}>
              <span>{item.label}</span>
            </Link>
          ))}
        </nav>
      )}
      {account.length > 0 && (
        <nav className="menu" aria-label={t('kyc.editProfile')}>
          {account.map((item) => (
            <Link key={item.to} className="menu__item" to={item.to} data-testid={item.testId}>
              <span>{item.label}</span>
              {item.extra && <span className="menu__extra">{item.extra}</span>}
            </Link>
          ))}
        </nav>
      )}
      <nav className="menu" aria-label={t('page.my')}>
        {items.map((item) => (
          <Link key={item.to} className="menu__item" to={item.to}>
            <span>{item.label}</span>
            {item.extra && <span className="menu__extra">{item.extra}</span>}
          </Link>
        ))}
      </nav>
      {protection && <LimitsSection token={protection} />}
      {protection && <ProtectionSection token={protection} placement="menu" />}
      <div className="page-actions">
        <button
          type="button"
          className="btn btn--ghost btn--block"
          onClick={() => void logout()}
          data-testid="my-logout"
        >
          {t('home.logout')}
        </button>
      </div>
    </CashierPage>
  );
}
