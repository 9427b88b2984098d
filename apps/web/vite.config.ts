import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { GAME_BLOCKS, SCREEN_BLOCKS, splitCatalogue } from './src/locales/console-blocks.ts';

/**
 * A web catalogue (src/locales/<lang>.json) loads without the console's blocks and the screens' blocks
 * (src/locales/console-blocks.ts): `<lang>.json?console` loads only the console's, for the console to add when it
 * opens (player screens never download them), `<lang>.json?game` the screens' blocks a game page paints with
 * (GAME_BLOCKS), `<lang>.json?screens` the other screens' blocks; the router adds both with any screen but Home (a
 * game page paints after the first, so Home's and a game page's first loads stay small).
 */
function consoleTexts(): Plugin {
  const CATALOGUE = /[\\/]src[\\/]locales[\\/][a-z-]+\.json(\?console|\?screens|\?game)?$/;
  return {
    name: 'fairdraw-console-texts',
    enforce: 'pre',
    load(id) {
      const m = CATALOGUE.exec(id);
      if (!m) return null;
      const file = id.replace(/\?(console|screens|game)$/, '');
      this.addWatchFile(file);
      const parts = splitCatalogue(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
      const player = splitCatalogue(parts.player, SCREEN_BLOCKS);
      if (!m[1]) return JSON.stringify(player.player);
      const screens = splitCatalogue(player.console, GAME_BLOCKS);
      const part = m[1] === '?console' ? parts.console : m[1] === '?game' ? screens.console : screens.player;
      return { code: `export default ${JSON.stringify(part)};`, moduleType: 'js' };
    },
  };
}

/**
 * Writes .vite/chunk-modules.json beside the manifest: each chunk file and the modules bundled into it (paths relative
 * to this app). scripts/console-isolation.ts reads it to prove no player chunk carries console code.
 */
function chunkModules(): Plugin {
  return {
    name: 'fairdraw-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const out of Object.values(bundle))
        if (out.type === 'chunk')
          map[out.fileName] = out.moduleIds.map((id) => relative(import.meta.dirname, id).replaceAll('\\', '/'));
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(map, null, 1) });
    },
  };
}

// The API (Fastify) serves dist/ and /api on 8080; in dev, vite proxies /api there (API_ORIGIN overrides).
const api = process.env.API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [consoleTexts(), react(), chunkModules()],
  server: { proxy: { '/api': api } },
  preview: { proxy: { '/api': api } },
  build: {
    // scripts/size.ts reads the manifest to measure what a first visit to Home downloads.
    manifest: true,
    // Every browser the site supports (ES2020 modules) knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      // The contract package is plain declarations: let unused modules (zod schemas, all-language error texts)
      // drop out of the web bundle entirely.
      treeshake: {
        moduleSideEffects: (id: string) => !/packages[\\/]contract[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // The libraries every first load needs (React, react-router, i18next, react-query): one long-lived chunk.
            // It changes less often than app code, so caches survive deploys; as one file it is 1.5 KB gzip smaller
            // than as four, and one request.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](react-query|query-core))[\\/]/,
              priority: 30,
            },
            // Small app modules every screen shares, Home included (session, profile, formats, games…): one chunk
            // instead of a dozen requests of a few hundred bytes each. Only modules that import no form, schema or
            // chart code.
            {
              name: 'shell',
              test: /[\\/]src[\\/](components[\\/](skeleton|icons)\.tsx|lib[\\/](session|use-session|format|games|logout)\.ts|lib[\\/]server-state[\\/](keys|profile)\.ts)$/,
              priority: 11,
            },
            // What the screens behind Home share and Home does not show (top bar, states, tabs, dialog, balance): their
            // own chunk, off Home's first load.
            {
              name: 'screen-kit',
              test: /[\\/]src[\\/](components[\\/](top-bar|states|balance-chip|tabs|dialog)\.tsx|lib[\\/](use-lang|wallet|paged)\.ts|lib[\\/]server-state[\\/]wallet\.ts)$/,
              priority: 10,
            },
            // The game screens' shared parts (period clock and stream, results, display math): one chunk for the game
            // page, the lobby, the history and the bets screens. Not the bet slip's modules (they load with the slip).
            {
              name: 'game',
              test: /[\\/]src[\\/]features[\\/]game[\\/](lib[\\/](derive|game-events|game-params|game-poll|game-stream|server-clock|use-game-clock)\.ts|api[\\/](get-current-game|get-history|get-play-items)\.ts|components[\\/](game-header|results|result-[a-z0-9-]+|mark-six-ball)\.tsx|lib[\\/](shared-slip|capitalise)\.ts)$/,
              priority: 10,
            },
            // The console's table library: its own chunk, loaded only with the console.
            {
              name: 'table',
              test: /node_modules[\\/]@tanstack[\\/](react-table|table-core|react-store|store)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
