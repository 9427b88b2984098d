import '../game.css';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BetSlip, BetStatus } from '@fairdraw/contract';
import { pageKey, PATHS, isPath } from '../../../app/routes.ts';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { formatTime } from '../../../lib/format.ts';
import { gameHref, gameLabel } from '../../../lib/games.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useBetList, type BetListStatus } from '../api/get-bets.ts';
import { ResultView } from '../components/results.tsx';
import { familyOf } from '../lib/derive.ts';
import { useGameEvents } from '../lib/use-game-clock.ts';

const TONE: Record<BetStatus, 'ok' | 'wait' | 'bad'> = {
  won: 'ok',
  push: 'wait',
  void: 'wait',
  unsettled: 'wait',
  lost: 'bad',
};
const MARK = { ok: '✓', wait: '…', bad: '✕' } as const;

/**
 * /orders (unsettled), /settled (won, lost, push, void) and /bettingHistory: one page, two tabs. While it is open it
 * follows the all-games events stream, so a `settled` event refreshes the lists and the balance without a reload
 * (while the stream is down, every 15 s instead: game-poll.ts).
 */
export function BetsPage() {
  const { t } = useTranslation();
  useGameEvents('all');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab: BetListStatus = isPath(pathname, PATHS.settled) ? 'settled' : 'unsettled';
  const token = useSession()?.token ?? '';
  const list = useBetList(tab, token);
  const title = t(pageKey(pathname));
  return (
    <CashierPage title={title}>
      <Tabs
        label={t('page.bettingHistory')}
        items={[
          { key: 'unsettled', label: t('bets.unsettled'), testId: 'bets-tab-unsettled' },
          { key: 'settled', label: t('bets.settled'), testId: 'bets-tab-settled' },
        ]}
        value={tab}
        onChange={(k) => void navigate(k === 'settled' ? PATHS.settled : PATHS.orders, { replace: true })}
      />
      <PagedList
        query={list}
        empty={tab === 'settled' ? t('bets.emptySettled') : t('bets.emptyUnsettled')}
        itemKey={(s) => s.id}
        render={(s) => <SlipRow slip={s} />}
      />
    </CashierPage>
  );
}

function SlipRow({ slip }: { slip: BetSlip }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format } = useMoney();
  const family = familyOf(slip.game_code, '');
  const href = gameHref({ code: slip.game_code, id: slip.games_id });
  const tone = TONE[slip.status];
  return (
    <div className="record" data-testid="bet-item" data-status={slip.status}>
      <div className="record__main">
        <span className="record__title">
          {gameLabel({ code: slip.game_code, name: slip.game_name }, t)} · <span className="num">{slip.issue}</span>
        </span>
        <span className="record__amount num">{format(slip.total)}</span>
      </div>
      <div className="record__meta">
        <span>
          #{slip.id} · {formatTime(slip.created_at, lang)}
          {slip.wallet === 'demo' && <span className="badge badge--demo">{t('wallet.demoBadge')}</span>}
        </span>
        <span className={`status status--${tone}`} data-testid="bet-status">
          <span aria-hidden="true">{MARK[tone]}</span> {t(`bets.status.${slip.status}`)}
        </span>
      </div>
      <ul className="bet-lines">
        {slip.items.map((i) => (
          <li key={i.id} className="bet-line">
            <span className="bet-line__name">
              {i.name}
              {i.numbers ? ` (${i.numbers.join(', ')})` : ''} <span className="muted num">@{i.odds}</span>
            </span>
            <span className="num">{format(i.amount)}</span>
            {i.payout !== null && (
              <span className="num bet-line__payout">
                → {format(i.payout)} · {t(`bets.status.${i.status}`)}
              </span>
            )}
          </li>
        ))}
      </ul>
      {slip.payout !== null && (
        <div className="record__main">
          <span>{t('bets.payout')}</span>
          <span className="record__amount num" data-testid="bet-payout">
            {format(slip.payout)}
          </span>
        </div>
      )}
      {slip.result && family && <ResultView family={family} result={slip.result} zodiac={slip.zodiac} compact />}
      {href && slip.status === 'unsettled' && (
        <div className="record__actions">
          <Link to={href} className="btn btn--ghost btn--small">
            {t('draw.toGame')}
          </Link>
        </div>
      )}
    </div>
  );
}
