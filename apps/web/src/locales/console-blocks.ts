/**
 * The catalogue entries only the operator console shows. They are written in the one catalogue per language like
 * every text, but the build leaves them out of the catalogue a player's phone downloads (vite.config.ts): the
 * console fetches them itself (features/admin/lib/console-texts.ts). A console screen's block goes here by its
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
 * The blocks only the screens behind Home show (the game screens, the slip lists' Cancel, My's protection part, the
 * password screens, the Bonus tab): the build leaves them out of the catalogue Home's first load carries too, and
 * serves them as `<lang>.json?screens`, which the router fetches with any screen other than Home (lib/i18n.ts
 * loadScreenTexts). A block goes here only if nothing outside those screens (layout, tab bar, Home, dialogs of the
 * shell) shows it.
 */
export const SCREEN_BLOCKS: readonly string[] = [
  'draw',
  'bet',
  'bets.cancel',
  'chase',
  'trend',
  'rules',
  'protection',
  'security',
  'bonus',
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
