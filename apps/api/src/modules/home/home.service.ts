import type {
  AdminBanner,
  AdminHomeContent,
  BannerSaveRequest,
  HomeData,
  Lang,
  LocalizedTexts,
} from '@fairdraw/contract';
import { API, LANGS, WINNING_LIST_SIZE, isAllowedRedirect, isLive, isSiteLink } from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { notify } from '../../db/pg-listen.ts';
import { AppError } from '../../lib/app-error.ts';
import { reencodeContentImage, storeUpload } from '../../lib/uploads.ts';
import type { UploadForm } from '../../lib/uploads.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as repo from './home.repository.ts';
import type { BannerRow } from './home.repository.ts';

/**
 * The channel on which a change of the Home's content is announced (PostgreSQL NOTIFY, delivered when the change
 * commits): every instance drops its cached Home at once (home.routes.ts).
 */
export const HOME_CHANNEL = 'fd_home';

/** Where a banner may send the player: a screen of the site, or an https address on the redirect allow-list. */
export function isBannerLink(url: string, allowList: readonly string[]): boolean {
  return isSiteLink(url) || isAllowedRedirect(url, allowList);
}

/** Home in one language, and the next instant its banners change by their schedule (null: none planned). */
export async function homeData(
  db: Db,
  lang: Lang,
  allowList: readonly string[],
  currency: string,
  now: Date,
): Promise<{ data: HomeData; nextChange: Date | null }> {
  const [banners, notice, wins, nextChange] = await Promise.all([
    repo.listBanners(db, now),
    repo.latestNotice(db),
    repo.recentWins(db, WINNING_LIST_SIZE, lang, currency),
    repo.nextBannerChange(db, now),
  ]);
  return {
    data: {
      carousel: banners.map((b) => ({
        image: b.images[lang] ?? b.image,
        // A link leaves the server only if it is a screen of the site or an allow-listed https address (the list
        // may have changed since the banner was saved).
        url: b.url !== null && isBannerLink(b.url, allowList) ? b.url : null,
        title: localize(b.title, lang),
      })),
      notice: notice ? localize(notice.body, lang) : '',
      winning_list: wins,
    },
    nextChange,
  };
}

const allLangs = (text: Partial<Record<Lang, string>>, fallback = ''): LocalizedTexts =>
  Object.fromEntries(LANGS.map((l) => [l, text[l] ?? text.th ?? fallback])) as LocalizedTexts;

function toAdminBanner(row: BannerRow, now: Date): AdminBanner {
  const schedule = {
    enabled: row.enabled,
    starts_at: row.starts_at ? row.starts_at.getTime() : null,
    ends_at: row.ends_at ? row.ends_at.getTime() : null,
  };
  return {
    id: row.id,
    image: row.image,
    images: row.images,
    url: row.url,
    title: allLangs(row.title),
    ...schedule,
    sort: row.sort,
    live: isLive(schedule, now.getTime()),
  };
}

/** The console's view: every banner (live or not) and the notice in every language. */
export async function adminHome(db: Db, now: Date): Promise<AdminHomeContent> {
  const [banners, notice] = await Promise.all([repo.allBanners(db), repo.latestNotice(db)]);
  return { banners: banners.map((b) => toAdminBanner(b, now)), notice: allLangs(notice?.body ?? { th: '' }) };
}

type ChangeOpts = { now: Date; allowList: readonly string[]; onChanged: (trx: Db) => Promise<void> };

/** Creates a banner (no id) or changes one; audited before/after; the Home's caches are told on commit. */
export async function saveBanner(db: Db, actor: AuditActor, req: BannerSaveRequest, opts: ChangeOpts) {
  if (req.url !== null && req.url !== '' && !isBannerLink(req.url, opts.allowList)) {
    throw new AppError('CONTENT_LINK_INVALID', { field: 'url' });
  }
  const values: repo.BannerValues = {
    image: req.image,
    images: req.images,
    url: req.url === '' ? null : req.url,
    title: req.title,
    starts_at: req.starts_at === null ? null : new Date(req.starts_at),
    ends_at: req.ends_at === null ? null : new Date(req.ends_at),
    sort: req.sort,
    enabled: req.enabled,
  };
  return db.transaction().execute(async (trx) => {
    let before: AdminBanner | null = null;
    let row: BannerRow;
    if (req.id === undefined) {
      row = await repo.insertBanner(trx, values);
    } else {
      const old = await repo.lockBanner(trx, req.id);
      if (!old) throw new AppError('BANNER_NOT_FOUND', { field: 'id' });
      before = toAdminBanner(old, opts.now);
      row = await repo.updateBanner(trx, req.id, values);
    }
    const after = toAdminBanner(row, opts.now);
    await writeAudit(trx, actor, 'home.banner.save', `banner:${row.id}`, before, after);
    await opts.onChanged(trx);
    return after;
  });
}

export async function deleteBanner(db: Db, actor: AuditActor, id: number, opts: ChangeOpts) {
  await db.transaction().execute(async (trx) => {
    const old = await repo.lockBanner(trx, id);
    if (!old) throw new AppError('BANNER_NOT_FOUND', { field: 'id' });
    await repo.deleteBanner(trx, id);
    await writeAudit(trx, actor, 'home.banner.delete', `banner:${id}`, toAdminBanner(old, opts.now), null);
    await opts.onChanged(trx);
  });
  return { id };
}

/** Sets the notice in every language (an empty text hides the notice bar in that language). */
export async function saveNotice(db: Db, actor: AuditActor, body: LocalizedTexts, opts: ChangeOpts) {
  return db.transaction().execute(async (trx) => {
    const current = await repo.latestNotice(trx);
    const locked = current ? await repo.lockNotice(trx, current.id) : undefined;
    if (locked) await repo.updateNotice(trx, locked.id, body);
    else await repo.insertNotice(trx, body);
    await writeAudit(
      trx,
      actor,
      'home.notice.save',
      `notice:${locked?.id ?? 'new'}`,
      locked ? allLangs(locked.body) : null,
      body,
    );
    await opts.onChanged(trx);
    return { notice: body };
  });
}

/** Stores an uploaded picture for a banner or a promotion: re-encoded (no metadata), public under a random name. */
export async function uploadContentImage(
  db: Db,
  actor: AuditActor,
  form: UploadForm,
  dir: string,
): Promise<{ url: string; name: string }> {
  const image = await reencodeContentImage(form.files.image, 'image');
  const name = await storeUpload(dir, image, 'webp');
  const url = `${API.contentImage}?f=${name}`;
  // The picture is public from now on: who put it there is on the audit log (docs/trust.md 21).
  await writeAudit(db, actor, 'content.image_upload', `content_image:${name}`, null, { url });
  return { url, name };
}

/** Announces a change of the Home's content to every instance once `trx` commits. */
export const announceHomeChange = (trx: Db) => notify(trx, HOME_CHANNEL, ['changed']);
