import { describe, expect, it } from 'vitest';
import { HOME_MODULE, homeFirstLoad } from './size.ts';

describe('homeFirstLoad', () => {
  it('takes the entry, Home and their static imports, not other lazy routes', () => {
    const manifest = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_react.js'],
        dynamicImports: [HOME_MODULE, 'login.tsx'],
      },
      '_react.js': { file: 'assets/react.js' },
      '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
      [HOME_MODULE]: { file: 'assets/home.js', imports: ['_shared.js'] },
      'login.tsx': { file: 'assets/login.js', imports: ['_big.js'] },
      '_big.js': { file: 'assets/big.js' },
    };
    expect(homeFirstLoad(manifest).sort()).toEqual(['_react.js', '_shared.js', HOME_MODULE, 'index.html'].sort());
  });
});
