import type { GameTile } from '@fairdraw/contract';

/** Spec §2: the route each game code opens. */
export const GAME_ROUTE: Record<string, string> = {
  df_pk10: '/pkShi',
  df_pk10_3: '/pkShi',
  df_pk10_5: '/pkShi',
  df_k3: '/kuaisan',
  xam_6: '/aoLiu',
  xy_28: '/xingyun',
  df_ssc: '/shiShiCai',
};

/** Spec §2: the catalogue key of each known code's tile label. Other codes use the game's own name. */
export const GAME_LABEL_KEY: Record<string, string> = {
  df_pk10: 'game.df_pk10',
  df_k3: 'game.df_k3',
  xam_6: 'game.xam_6',
  xy_28: 'game.xy_28',
  df_ssc: 'game.df_ssc',
  df_pk10_3: 'game.df_pk10_3',
  df_pk10_5: 'game.df_pk10_5',
};

export function gameLabel(game: Pick<GameTile, 'code' | 'name'>, t: (key: string) => string): string {
  const key = Object.hasOwn(GAME_LABEL_KEY, game.code) ? GAME_LABEL_KEY[game.code] : undefined;
  return key ? t(key) : game.name;
}

/** Where a tile goes, with `type` (the code) and `category_id` (the game id); null for unknown codes. */
export function gameHref(game: Pick<GameTile, 'code' | 'id'>): string | null {
  const route = Object.hasOwn(GAME_ROUTE, game.code) ? GAME_ROUTE[game.code] : undefined;
  if (!route) return null;
  const q = new URLSearchParams({ type: game.code, category_id: String(game.id) });
  return `${route}?${q.toString()}`;
}
