import '../game.css';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageKey, PATHS, isPath } from '../../../lib/paths.ts';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useSession } from '../../../lib/use-session.ts';
import { useBetList, type BetListStatus } from '../api/get-bets.ts';
import { SlipRow } from '../components/slip-row.tsx';
import { useGameEvents } from '../lib/use-game-clock.ts';

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
