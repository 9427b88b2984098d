/** `<lang>.json?console`: only the console's blocks of a web catalogue (vite.config.ts consoleTexts). */
declare module '*.json?console' {
  const texts: Record<string, unknown>;
  export default texts;
}

/** `<lang>.json?screens`: only the other blocks of a web catalogue the screens behind Home show (vite.config.ts). */
declare module '*.json?screens' {
  const texts: Record<string, unknown>;
  export default texts;
}

/** `<lang>.json?game`: the screens' blocks a game page paints with (console-blocks.ts GAME_BLOCKS; vite.config.ts). */
declare module '*.json?game' {
  const texts: Record<string, unknown>;
  export default texts;
}
