/**
 * Where a screen sends the player back to when it is done: a link that leads to it passes `{ from }` in the router's
 * state (the set-fund-password link from Withdraw, the log-in link of a signed-out screen). Only an in-site path is
 * taken, never another origin ("//host").
 */
export function returnPath(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}
