/**
 * The catalogue entries only the operator console shows. They are written in the one catalogue per language like
 * every text, but the build leaves them out of the catalogue a player's phone downloads (vite.config.ts): the
 * console fetches them itself (console/shell/console-texts.ts). A console screen's block goes here by its
 * top-level name, or by a dotted path for a part of another block.
 */
export const CONSOLE_BLOCKS: readonly string[] = [
  'admin',
  'console',
  'content',
  'dashboard',
  'drawAudit',
  'gamesAdmin',
  'kyc.admin',
  'msg.admin',
  'players.admin',
  'support.adminTab',
  'support.adminEmpty',
  'bonus.adminTab',
];

/**
 * The blocks only the screens behind Home show (the game screens, the trend, the chase, the slip lists' Cancel, My and the
 * cashier, the records, the password screens, the Bonus tab, support): the build leaves them out of the catalogue
 * Home's first load carries too, and serves them as `<lang>.json?game` (GAME_BLOCKS) and `<lang>.json?screens` (the
 * rest), which the router fetches with every screen but Home, Login, Register and Language (lib/i18n.ts
 * loadScreenTexts). A block goes here only if nothing outside those screens (layout, tab bar, Home, Login, Register,
 * Language, the shell's reality check and dialogs) shows it.
 */
export const SCREEN_BLOCKS: readonly string[] = [
  'draw',
  'bet',
  'chase',
  'trend',
  'rules',
  'protection',
  'security',
  'bonus',
  'bets',
  'kyc',
  'my',
  'payout',
  'players',
  'recharge',
  'records',
  'report',
  'status',
  'support',
  'wallet',
  'withdraw',
];

/**
 * Of the screens' blocks, those a game page paints with (its header with the trend's button, results, plays, bet bar
 * and slip, the balance chip, and the notice that stands in for them during a break: components/break-gate.tsx):
 * `<lang>.json?game`, fetched before a game page's first paint; the other screens' blocks follow it
 * (lib/i18n.ts loadScreenTexts). A text a game page shows from another block appears once they land.
 */
export const GAME_BLOCKS: readonly string[] = [
  'draw',
  'bet',
  'wallet',
  'trend.open',
  'protection.timeoutUntil',
  'protection.excludedUntil',
  'protection.activeNote',
];

type Tree = { [key: string]: unknown };

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Splits a catalogue into what players get and what only the console needs; together they are the whole. */
export function splitCatalogue(
  catalogue: Tree,
  blocks: readonly string[] = CONSOLE_BLOCKS,
): { player: Tree; console: Tree } {
  const player = structuredClone(catalogue);
  const consoleTexts: Tree = {};
  for (const path of blocks) {
    const keys = path.split('.');
    const last = keys.pop()!;
    let from: unknown = player;
    for (const k of keys) from = isTree(from) ? from[k] : undefined;
    if (!isTree(from) || !(last in from)) continue;
    let to: Tree = consoleTexts;
    for (const k of keys) {
      const next = to[k];
      to = isTree(next) ? next : (to[k] = {});
    }
    to[last] = from[last];
    delete from[last];
  }
  return { player, console: consoleTexts };
}
