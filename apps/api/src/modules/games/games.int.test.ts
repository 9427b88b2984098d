import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_CODES, gameCategory, gameTile, homeData } from '@fairdraw/contract';
import { z } from 'zod';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { seed } from '../../db/seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/game/games', () => {
  it('lists the seven games with images, families and categories', async () => {
    const res = await call(t.app, 'GET', '/api/game/games', { headers: { lang: 'en' } });
    expect(res.status).toBe(200);
    const games = z.array(gameTile).parse(res.body.data);
    expect(games.map((g) => g.code).sort()).toEqual([...GAME_CODES].sort());
    for (const g of games) expect(g.image).toBe(`/art/games/${g.code}.svg`);
    const byCode = Object.fromEntries(games.map((g) => [g.code, g]));
    expect(byCode.df_pk10?.name).toBe('PK10 ten minutes');
    expect(byCode.df_pk10_3?.name).toBe('PK10 three minutes');
    expect(byCode.df_pk10_5?.name).toBe('PK10 five minutes');
    expect(byCode.df_k3?.name).toBe('K3');
    expect(byCode.xam_6?.name).toBe('Mark Six');
    expect(byCode.xy_28?.name).toBe('Lucky 28');
    expect(byCode.df_ssc?.name).toBe('Instant lottery');
    expect(byCode.xam_6?.family).toBe('marksix');
  });

  it('names the games in every language, Thai by default', async () => {
    const names = async (lang?: string) => {
      const res = await call(t.app, 'GET', '/api/game/games', { headers: lang ? { lang } : {} });
      return Object.fromEntries(
        z
          .array(gameTile)
          .parse(res.body.data)
          .map((g) => [g.code, g.name]),
      );
    };
    const th = await names();
    expect(th.df_pk10).toBe('PK10 สิบนาที');
    expect(await names('xx')).toEqual(th);
    expect((await names('zh-cn')).xy_28).toBe('幸运28');
    expect((await names('zh-hk')).xy_28).toBe('幸運28');
    expect((await names('vi')).df_pk10_5).toBe('PK10 năm phút');
    expect((await names('pt')).df_ssc).toBe('Loteria instantânea');
  });
});

describe('GET /api/game/category', () => {
  it('groups the games in translated categories', async () => {
    const res = await call(t.app, 'GET', '/api/game/category', { headers: { lang: 'en' } });
    const cats = z.array(gameCategory).parse(res.body.data);
    expect(cats.map((c) => c.code)).toEqual(['pk10', 'dice', 'lotto']);
    expect(cats.map((c) => c.name)).toEqual(['PK10', 'Dice', 'Lottery']);
    expect(cats[0]?.games.map((g) => g.code)).toEqual(['df_pk10', 'df_pk10_3', 'df_pk10_5']);
    expect(cats.flatMap((c) => c.games).length).toBe(7);
    for (const c of cats) for (const g of c.games) expect(g.category_id).toBe(c.id);
  });
});

describe('GET /api/index/index', () => {
  it('answers carousel, a demo notice and an empty winning list in the language asked', async () => {
    const res = await call(t.app, 'GET', '/api/index/index', { headers: { lang: 'en' } });
    expect(res.status).toBe(200);
    const data = homeData.parse(res.body.data);
    expect(data.carousel).toHaveLength(3);
    expect(data.carousel.map((c) => c.image)).toEqual([
      '/art/banners/1.svg',
      '/art/banners/2.svg',
      '/art/banners/3.svg',
    ]);
    for (const c of data.carousel) {
      expect(c.url).toBeNull();
      expect(c.title.length).toBeGreaterThan(0);
    }
    expect(data.notice).toMatch(/demo/i);
    // No bets exist yet: the list holds only real settled wins, so it is empty.
    expect(data.winning_list).toEqual([]);

    const th = homeData.parse((await call(t.app, 'GET', '/api/index/index')).body.data);
    expect(th.notice).toContain('สาธิต');
    expect(th.carousel[0]?.title).not.toBe(data.carousel[0]?.title);
  });

  it('drops a banner url that is not on the allow-list', async () => {
    await t.app.db.updateTable('banners').set({ url: 'https://evil.example/' }).where('sort', '=', 0).execute();
    const data = homeData.parse((await call(t.app, 'GET', '/api/index/index')).body.data);
    expect(data.carousel[0]?.url).toBeNull();
    await t.app.db.updateTable('banners').set({ url: null }).where('sort', '=', 0).execute();
  });

  it('seeding again changes nothing', async () => {
    const before = await call(t.app, 'GET', '/api/game/category');
    await seed(t.app.db, { now: t.app.clock() });
    await seed(t.app.db, { now: t.app.clock() });
    const after = await call(t.app, 'GET', '/api/game/category');
    expect(after.body).toEqual(before.body);
    const banners = await t.app.db.selectFrom('banners').select('id').execute();
    expect(banners).toHaveLength(3);
  });
});
