import '../game.css';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../lib/paths.ts';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useSession } from '../../../lib/use-session.ts';
import { useBetRecords } from '../api/get-bets.ts';
import { SlipRow } from '../components/slip-row.tsx';
import { formatCountdown } from '../lib/derive.ts';
import { useGameEvents, useServerNow } from '../lib/use-game-clock.ts';

/**
 * /gameBet: the player's open slips of every game, each counting down to its period's draw by the server's clock.
 * At the draw a slip shows "drawing" and the list is fetched again; once settled it leaves the list (the events
 * stream's `settled` refreshes it at once; without the stream, every few seconds: get-bets.ts).
 */
export function OpenBetsPage() {
  const { t } = useTranslation();
  useGameEvents('all');
  const token = useSession()?.token ?? '';
  const list = useBetRecords({ status: 'unsettled' }, token);
  const refetch = list.refetch;
  return (
    <CashierPage title={t('page.gameBet')}>
      <PagedList
        query={list}
        empty={t('bets.emptyUnsettled')}
        emptyAction={
          <Link to={PATHS.games} className="btn btn--primary">
            {t('bets.records.play')}
          </Link>
        }
        itemKey={(s) => s.id}
        render={(s) => <SlipRow slip={s} clock={<DrawClock drawAt={s.draw_at} onDraw={() => void refetch()} />} />}
      />
    </CashierPage>
  );
}

/** Time left to the draw (mm:ss, server time), then "drawing"; calls `onDraw` once when the draw time passes. */
function DrawClock({ drawAt, onDraw }: { drawAt: number; onDraw: () => void }) {
  const { t } = useTranslation();
  const now = useServerNow();
  const left = drawAt - now;
  const drawn = left <= 0;
  const told = useRef(false);
  useEffect(() => {
    if (!drawn || told.current) return;
    told.current = true;
    onDraw();
  }, [drawn, onDraw]);
  return (
    <div className="bet-clock" role="timer" data-testid="bet-countdown" data-phase={drawn ? 'drawing' : 'counting'}>
      <span>{drawn ? t('draw.drawing') : t('bets.records.drawIn')}</span>
      {!drawn && <span className="bet-clock__time">{formatCountdown(left)}</span>}
    </div>
  );
}
