import { z } from 'zod';

/** The seven game codes of games.md. Other codes may exist in the database; the web falls back to their name. */
export const GAME_CODES = ['df_pk10', 'df_pk10_3', 'df_pk10_5', 'df_k3', 'xam_6', 'xy_28', 'df_ssc'] as const;
export type GameCode = (typeof GAME_CODES)[number];

export const gameTile = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  image: z.string(),
  family: z.string(),
  category_id: z.number().int(),
});
export type GameTile = z.infer<typeof gameTile>;

export const gameCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  games: z.array(gameTile),
});
export type GameCategory = z.infer<typeof gameCategory>;
