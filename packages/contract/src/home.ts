import { z } from 'zod';

const carouselItem = z.object({ image: z.string(), url: z.string().nullable(), title: z.string() });
export type CarouselItem = z.infer<typeof carouselItem>;

/**
 * A real settled win that came out ahead: nickname masked, amount what it won net of its stake (payout − stake) in
 * minor units, time in epoch ms. Never invented.
 */
const winningItem = z.object({
  nickname: z.string(),
  game_code: z.string(),
  game_name: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  time: z.number().int(),
});
export type WinningItem = z.infer<typeof winningItem>;

/** How many wins Home's winning list shows at most: the latest ones. */
export const WINNING_LIST_SIZE = 20;

export const homeData = z.object({
  carousel: z.array(carouselItem),
  notice: z.string(),
  winning_list: z.array(winningItem),
});
export type HomeData = z.infer<typeof homeData>;
