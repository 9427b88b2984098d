import type { HomeData, Lang } from '@fairdraw/contract';
import { isAllowedRedirect } from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import * as repo from './home.repository.ts';

export async function homeData(db: Db, lang: Lang, allowList: readonly string[], currency: string): Promise<HomeData> {
  const [banners, notice, wins] = await Promise.all([
    repo.listBanners(db),
    repo.latestNotice(db),
    repo.recentWins(db, 20, lang, currency),
  ]);
  return {
    carousel: banners.map((b) => ({
      image: b.image,
      // A banner link opens in a new tab; only allow-listed https addresses leave the server.
      url: b.url !== null && isAllowedRedirect(b.url, allowList) ? b.url : null,
      title: localize(b.title, lang),
    })),
    notice: notice ? localize(notice.body, lang) : '',
    winning_list: wins,
  };
}
