import '../../../styles/money.css';
import '../game.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HistoryItem } from '@fairdraw/contract';
import { NoticeState } from '../../../components/states.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { TopBar } from '../../../components/top-bar.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useHistory } from '../api/get-history.ts';
import { verifyDraw } from '../api/verify-draw.ts';
import { ResultView } from '../components/results.tsx';
import type { Family } from '../lib/derive.ts';
import { useGameParams } from '../lib/game-params.ts';
import { GamePicker } from '../components/game-picker.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useGameEvents } from '../lib/use-game-clock.ts';

/** /history?type=&category_id=: drawn periods, newest first, each with its seed and commitment and a Verify. */
export function HistoryPage() {
  const { t } = useTranslation();
  const { code, gameId, family, label, gameHref } = useGameParams();
  const list = useHistory(gameId);
  useGameEvents(gameId);
  const title = `${t('page.history')} · ${label}`;
  if (!gameId || !family)
    return (
      <main className="page">
        <TopBar title={t('page.history')} />
        {code && <NoticeState text={t('draw.unknownGame')} />}
        <GamePicker path={PATHS.history} />
      </main>
    );
  return (
    <main className="page">
      <TopBar title={title} />
      {gameHref && (
        <div className="toolbar toolbar--end">
          <Link to={gameHref} className="btn btn--ghost btn--small">
            {t('draw.toGame')}
          </Link>
        </div>
      )}
      <PagedList
        query={list}
        empty={t('draw.noResult')}
        itemKey={(d) => d.issue}
        render={(d) => <DrawRow draw={d} family={family} gameId={gameId} />}
      />
    </main>
  );
}

function DrawRow({ draw, family, gameId }: { draw: HistoryItem; family: Family; gameId: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [shown, setShown] = useState(false);
  const verify = useMutation({ mutationFn: () => verifyDraw(gameId, draw.issue) });
  return (
    <div className="draw" data-testid="history-item" data-issue={draw.issue}>
      <div className="record__main">
        <span className="record__title num">{draw.issue}</span>
        <span className="muted draw__time">{formatDateTime(draw.draw_at, lang)}</span>
      </div>
      <ResultView family={family} result={draw.result} zodiac={draw.zodiac} compact />
      <div className="record__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setShown((s) => !s)}>
          {shown ? t('draw.hideProof') : t('draw.proof')}
        </button>
        <button
          type="button"
          className="btn btn--primary btn--small"
          data-testid="verify"
          disabled={verify.isPending}
          onClick={() => {
            setShown(true);
            verify.mutate();
          }}
        >
          {verify.isPending ? t('common.loading') : t('draw.verify')}
        </button>
      </div>
      {verify.data && (
        <p
          className={verify.data.verified ? 'status status--ok status--big' : 'status status--bad status--big'}
          role="status"
          data-testid="verify-result"
          data-verified={verify.data.verified}
        >
          <span aria-hidden="true">{verify.data.verified ? '✓' : '✗'}</span>{' '}
          {verify.data.verified ? t('draw.verified') : t('draw.notVerified')}
        </p>
      )}
      {verify.error && (
        <p className="record__reason" role="alert">
          {verify.error instanceof ApiError ? verify.error.message : t('common.offline')}
        </p>
      )}
      {shown && (
        <dl className="proof" data-testid="proof">
          <dt>{t('draw.seed')}</dt>
          <dd className="mono break">{draw.seed}</dd>
          <dt>{t('draw.commitment')}</dt>
          <dd className="mono break">{draw.commitment}</dd>
          <dt>{t('draw.algorithm')}</dt>
          <dd className="mono">
            {draw.algorithm}
            {draw.beacon ? ` · ${draw.beacon}` : ''}
          </dd>
        </dl>
      )}
    </div>
  );
}
