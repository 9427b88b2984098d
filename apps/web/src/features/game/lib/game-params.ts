import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gameLabel, GAME_ROUTE } from '../../../lib/games.ts';
import { familyOf, type Family } from './derive.ts';

/** The game id of `?category_id=<game id>`, 0 when missing or not a positive integer. */
export function gameIdOf(params: URLSearchParams): number {
  const raw = Number(params.get('category_id'));
  return Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
}

/** The game a screen is about, from `?type=<code>&category_id=<game id>`. */
export function useGameParams(): {
  code: string | null;
  gameId: number;
  family: Family | null;
  label: string;
  query: string;
  gameHref: string | null;
} {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const code = params.get('type');
  const gameId = gameIdOf(params);
  const family = familyOf(code, pathname);
  const label = code ? gameLabel({ code, name: code }, t) : t('page.lotteryLobby');
  const query = new URLSearchParams({ type: code ?? '', category_id: String(gameId) }).toString();
  const route = code && Object.hasOwn(GAME_ROUTE, code) ? GAME_ROUTE[code] : null;
  return { code, gameId, family, label, query, gameHref: route ? `${route}?${query}` : null };
}
