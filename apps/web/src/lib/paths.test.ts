import { describe, expect, it } from 'vitest';
import { isSiteLink, SITE_ROUTES } from '@fairdraw/contract';
import {
  ALL_ROUTES,
  CONTENT_ROUTES,
  isAllowedPath,
  isPath,
  isGameRoute,
  isTabRoot,
  MONEY_ROUTES,
  normalizePath,
  pageKey,
  PATHS,
  PLAY_ROUTES,
  TABS,
  withQuery,
} from './paths.ts';

describe('navigation guard allow-list', () => {
  it('lets every route of the site through', () => {
    for (const p of [
      '/',
      '/login',
      '/register',
      '/lang',
      '/allGame',
      '/service',
      '/my',
      '/pkShi',
      '/kuaisan',
      '/aoLiu',
      '/xingYun',
      '/shiShiCai',
      '/caiJin',
      '/withdraw',
      '/msgDetail',
      '/rechargeAdmin',
      '/depositAdmin',
    ]) {
      expect(isAllowedPath(p), p).toBe(true);
    }
  });

  it('compares case-insensitively (both /xingyun and /xingYun, /caijin and /caiJin are in use)', () => {
    for (const p of ['/xingyun', '/XINGYUN', '/caijin', '/CaiJin', '/allgame', '/pkshi'])
      expect(isAllowedPath(p), p).toBe(true);
  });

  it('ignores a trailing slash', () => {
    expect(isAllowedPath('/login/')).toBe(true);
    expect(normalizePath('')).toBe('/');
  });

  it('sends anything else to / (by refusing it)', () => {
    for (const p of [
      '/admin',
      '/login/extra',
      '/index.html',
      '/api/index/index',
      '/%2e%2e/',
      '/caijinx',
      '//evil.com',
    ]) {
      expect(isAllowedPath(p), p).toBe(false);
    }
  });

  it('knows the tab roots and game routes', () => {
    expect(TABS.map((t) => t.path)).toEqual(['/', '/allGame', '/caijin', '/service', '/my']);
    expect(TABS.filter((t) => !t.loginRequired).map((t) => t.key)).toEqual(['home']);
    expect(isTabRoot('/caiJin')).toBe(true);
    expect(isTabRoot('/login')).toBe(false);
    expect(isGameRoute('/xingyun')).toBe(true);
    expect(isGameRoute('/my')).toBe(false);
    expect(pageKey('/caijin')).toBe('page.caiJin');
    expect(pageKey('/xingyun')).toBe('page.xingYun');
  });
});

describe('money routes', () => {
  it('are allowed, are allowed and have a title', () => {
    for (const p of Object.keys(MONEY_ROUTES)) {
      expect(isAllowedPath(p), p).toBe(true);
      expect(pageKey(p)).toBe(`page.${p.slice(1)}`);
    }
    expect(pageKey('/transferbank')).toBe('page.transferBank');
    expect(MONEY_ROUTES['/hyTixian']).toBe('withdraw');
    expect(MONEY_ROUTES['/identityCard']).toBe('identityCard');
  });
});

describe('bet records', () => {
  it('/hyTou and /gameBet are built, allowed, titled and named', () => {
    for (const p of ['/hyTou', '/gameBet'] as const) {
      expect(isAllowedPath(p), p).toBe(true);
      expect(pageKey(p.toLowerCase())).toBe(`page.${p.slice(1)}`);
    }
    expect(PLAY_ROUTES['/hyTou']).toBe('betRecords');
    expect(PLAY_ROUTES['/gameBet']).toBe('openBets');
    expect(PATHS.betRecords).toBe('/hyTou');
    expect(PATHS.openBets).toBe('/gameBet');
  });
});

describe('named paths', () => {
  it('name each path once, and every one passes the guard', () => {
    const paths = Object.values(PATHS);
    expect(new Set(paths.map(normalizePath)).size).toBe(paths.length);
    for (const p of paths) expect(isAllowedPath(p), p).toBe(true);
  });

  it('build a query string and match a location case-insensitively', () => {
    expect(withQuery(PATHS.cards, { tab: 'pix' })).toBe('/cards?tab=pix');
    expect(withQuery(PATHS.rule, 'type=df_k3&category_id=2')).toBe('/rule?type=df_k3&category_id=2');
    expect(withQuery(PATHS.withdraw, {})).toBe('/withdraw');
    expect(isPath('/DEPOSITADMIN/', PATHS.adminWithdrawals)).toBe(true);
    expect(isPath('/settledx', PATHS.settled)).toBe(false);
  });
});

describe('content links', () => {
  it("the contract's list of the site's routes (content links are checked against it) is the web's route table", () => {
    const web = new Set(ALL_ROUTES.map(normalizePath));
    const contract = new Set(SITE_ROUTES.map(normalizePath));
    expect([...contract].filter((p) => !web.has(p))).toEqual([]);
    expect([...web].filter((p) => !contract.has(p))).toEqual([]);
  });

  it('/activity is built, allowed and titled', () => {
    expect(CONTENT_ROUTES['/activity']).toBe('activity');
    expect(pageKey('/Activity')).toBe('page.activity');
    expect(isSiteLink(withQuery(PATHS.activity, { id: '3' }))).toBe(true);
    expect(isSiteLink(PATHS.admin)).toBe(false);
  });
});
