import { describe, expect, it } from 'vitest';
import { CONSOLE_MODULE, consoleLeaks, playerReachable } from './console-isolation.ts';

const HOME = 'src/features/home/pages/home-page.tsx';
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: [HOME, CONSOLE_MODULE],
  },
  '_react.js': { file: 'assets/react.js' },
  [HOME]: { file: 'assets/home.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  [CONSOLE_MODULE]: { file: 'assets/admin.js', imports: ['_shared.js', '_table.js'] },
  '_table.js': { file: 'assets/table.js' },
};

describe('console isolation', () => {
  it('walks every player chunk but not the console route and what only it imports', () => {
    expect(playerReachable(manifest).sort()).toEqual(['_react.js', '_shared.js', HOME, 'index.html'].sort());
  });

  it('passes when console modules sit only in console chunks', () => {
    const modules = {
      'assets/admin.js': ['/x/apps/web/src/console/console-page.tsx'],
      'assets/table.js': ['/x/node_modules/@tanstack/react-table/dist/index.js'],
      'assets/shared.js': ['/x/apps/web/src/components/states.tsx'],
      'assets/home.js': ['/x/apps/web/src/features/home/pages/home-page.tsx'],
    };
    expect(consoleLeaks(manifest, modules)).toEqual([]);
  });

  it('names a console module, the table library or a chart library in a shared chunk', () => {
    const modules = {
      'assets/shared.js': [
        '/x/apps/web/src/console/ui/data-table.tsx',
        '/x/node_modules/@tanstack/table-core/dist/index.js',
        '/x/node_modules/recharts/es6/index.js',
        '/x/node_modules/@tanstack/react-query/build/index.js',
        'src/locales/th.json?console',
        'src/locales/th.json',
      ],
    };
    expect(consoleLeaks(manifest, modules)).toEqual([
      'assets/shared.js: /x/apps/web/src/console/ui/data-table.tsx',
      'assets/shared.js: /x/node_modules/@tanstack/table-core/dist/index.js',
      'assets/shared.js: /x/node_modules/recharts/es6/index.js',
      'assets/shared.js: src/locales/th.json?console',
    ]);
  });

  it('refuses a build where the console is not its own chunk', () => {
    const { [CONSOLE_MODULE]: _gone, ...rest } = manifest;
    expect(() =>
      playerReachable({ ...rest, 'index.html': { ...manifest['index.html'], dynamicImports: [HOME] } }),
    ).toThrow(/not its own chunk/);
  });
});
