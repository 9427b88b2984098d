/**
 * The bundle budgets `npm run size` (part of `npm run check`) enforces on the built manifest: per route, the gzip
 * size of the JavaScript its first visit downloads before it can paint (scripts/size.ts firstLoad).
 *
 * A route's first load is the entry chunk (index.html) and its static imports, the Thai catalogue the entry fetches
 * before the first render, the route's lazy page module and its static imports, and the screens' texts the router
 * fetches with it (`texts`, as app/router.tsx gives them to the route). What a page imports with `lazy()` / `import()` is not counted: give such
 * a chunk an entry of its own with `parent` (what it adds to that route's first load, when it loads).
 *
 * To add a route or a lazy chunk: one line here. A `pending` entry names a chunk another change is bringing: it is
 * listed and skipped while its module is not in the build, and checked as soon as it is.
 */
/** The screens' texts a route waits for (app/router.tsx): none (Home), a game page's part, or all. */
export type Texts = 'none' | 'game' | 'all';

export type Budget = {
  /** What the message names: the route's path, or the lazy chunk's name. */
  name: string;
  /** The manifest key of the route's page module (or of the lazy chunk's module), relative to apps/web. */
  module: string;
  /** The budget in KB (1024 bytes) of gzip (level 9). */
  kb: number;
  /** A route's screens' texts (default none). */
  texts?: Texts;
  /** A lazily loaded chunk: counts only what it adds to this route's first load. */
  parent?: string;
  /** Not in the build yet: skipped (with a note) until its module appears. */
  pending?: boolean;
};

const GAME_PAGE = 'src/features/game/pages/game-page.tsx';

export const BUDGETS: readonly Budget[] = [
  { name: '/', module: 'src/features/home/pages/home-page.tsx', kb: 125 },
  // The five game routes share one page; Lucky 28 opens on /xingYun, Mark Six on /aoLiu (lib/games.ts GAME_ROUTE).
  { name: '/pkShi', module: GAME_PAGE, texts: 'game', kb: 136 },
  { name: '/kuaisan', module: GAME_PAGE, texts: 'game', kb: 136 },
  { name: '/aoLiu', module: GAME_PAGE, texts: 'game', kb: 136 },
  { name: '/xingYun', module: GAME_PAGE, texts: 'game', kb: 136 },
  { name: '/shiShiCai', module: GAME_PAGE, texts: 'game', kb: 136 },
  // The game page's lazily loaded parts: what each adds to the game page when it loads.
  {
    name: 'game trend sheet (lazy)',
    module: 'src/features/game/components/trend-sheet.tsx',
    parent: '/kuaisan',
    kb: 30,
  },
  { name: 'game bet slip (lazy)', module: 'src/features/game/components/bet-slip.tsx', parent: '/kuaisan', kb: 60 },
];
