import '../../../styles/money.css';
import '../game.css';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, ListSkeleton, NoticeState } from '../../../components/states.tsx';
import { TopBar } from '../../../components/top-bar.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { usePlayItems } from '../api/get-play-items.ts';
import { useGameParams } from '../lib/game-params.ts';
import { GamePicker } from '../components/game-picker.tsx';
import { PATHS } from '../../../lib/paths.ts';

/** /rule?type=: every play of the game with its odds, stake limits and RTP, and how draws are made fair. */
export function RulePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { format } = useMoney();
  const { code, gameId, family, label, gameHref } = useGameParams();
  const plays = usePlayItems(gameId, lang);
  const title = `${t('page.rule')} · ${label}`;
  if (!gameId || !family)
    return (
      <main className="page">
        <TopBar title={t('page.rule')} />
        {code && <NoticeState text={t('draw.unknownGame')} />}
        <GamePicker path={PATHS.rule} />
      </main>
    );
  return (
    <main className="page">
      <TopBar title={title} />
      <section className="panel rules-intro">
        <p>{t(`rules.${family}`)}</p>
        <p className="muted">{t('rules.odds')}</p>
        <p className="muted">{t('rules.fair')}</p>
        {gameHref && (
          <Link to={gameHref} className="btn btn--ghost btn--small">
            {t('draw.toGame')}
          </Link>
        )}
      </section>
      {plays.isPending ? (
        <ListSkeleton />
      ) : plays.isError ? (
        <ErrorState error={plays.error} onRetry={() => void plays.refetch()} />
      ) : (
        plays.data.map((g) => (
          <section key={g.group.code} className="rules-group" data-testid="rules-group">
            <h2 className="section__title">{g.group.name}</h2>
            <table className="rules-table">
              <thead>
                <tr>
                  <th scope="col">{t('rules.play')}</th>
                  <th scope="col">{t('rules.oddsCol')}</th>
                  <th scope="col">{t('rules.rtp')}</th>
                </tr>
              </thead>
              <tbody>
                {g.items.map((i) => (
                  <tr key={i.id}>
                    <th scope="row">
                      {i.name}
                      <span className="rules-table__limits num">
                        {format(i.min)} – {format(i.max)}
                      </span>
                    </th>
                    <td className="num">{i.odds}</td>
                    <td className="num">{i.rtp.toFixed(2)} %</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))
      )}
    </main>
  );
}
