import { z } from 'zod';
import { pageQuery, queryRowId, required, rowId } from './common.ts';
import { LANGS } from './langs.ts';
import type { Lang } from './langs.ts';
import { CONTENT_LINK_MAX, isSiteLink } from './site-links.ts';

export * from './site-links.ts';

/**
 * Content operators publish: promotions (/activity) and the Home's banners and notice. Texts come in all six
 * languages; images are uploaded, re-encoded by the API and served as public, cacheable files; a link is a screen of
 * the site (a path the product spec lists, with an optional simple query), never an arbitrary address.
 */

/** Longest link, title, body and notice. */
export const PROMOTION_TITLE_MAX = 60;
export const PROMOTION_BODY_MAX = 4000;
export const BANNER_TITLE_MAX = 60;
export const NOTICE_MAX = 300;

/**
 * A content image: one uploaded through the console (`/api/index/image?f=<random>.webp`), or a picture shipped with
 * the site under `/art/`.
 */
export const CONTENT_IMAGE_PATTERN =
  /^(\/api\/index\/image\?f=[a-f0-9]{32}\.webp|\/art\/[a-z0-9_/-]{1,80}\.(svg|webp|png|jpg))$/;
export const contentImage = z
  .string(required)
  .max(200, 'CONTENT_IMAGE_INVALID')
  .regex(CONTENT_IMAGE_PATTERN, 'CONTENT_IMAGE_INVALID');

/** Text in all six languages; `min` 1 makes each one required. */
export function localizedText(max: number, tooLong: 'CONTENT_TEXT_TOO_LONG', min = 0) {
  const one = z.string(required).trim().min(min, 'REQUIRED_FIELDS').max(max, tooLong);
  return z.object(Object.fromEntries(LANGS.map((l) => [l, one])) as Record<Lang, typeof one>);
}
export type LocalizedTexts = Record<Lang, string>;

/** An instant as epoch milliseconds (2000-01-01 … 2100-01-01). */
const instant = z.number(required).int('VALIDATION_FAILED').min(946_684_800_000).max(4_102_444_800_000);

const sort = z.number(required).int('VALIDATION_FAILED').min(-1_000_000).max(1_000_000);

/** The end must come after the start (both given). */
function scheduleRule(v: { starts_at: number | null; ends_at: number | null }, ctx: z.RefinementCtx) {
  if (v.starts_at !== null && v.ends_at !== null && v.ends_at <= v.starts_at) {
    ctx.addIssue({ code: 'custom', message: 'CONTENT_SCHEDULE_INVALID', path: ['ends_at'], input: v.ends_at });
  }
}

// ---------------------------------------------------------------- promotions

export const promotionSaveRequest = z
  .object({
    /** Absent for a new promotion; the id of the one to change otherwise. */
    id: rowId('PROMOTION_NOT_FOUND').optional(),
    title: localizedText(PROMOTION_TITLE_MAX, 'CONTENT_TEXT_TOO_LONG', 1),
    body: localizedText(PROMOTION_BODY_MAX, 'CONTENT_TEXT_TOO_LONG', 1),
    image: contentImage,
    link: z
      .string()
      .max(CONTENT_LINK_MAX, 'CONTENT_LINK_INVALID')
      .refine((v) => isSiteLink(v), 'CONTENT_LINK_INVALID')
      .nullable()
      .default(null),
    starts_at: instant,
    ends_at: instant,
    sort: sort.default(0),
    enabled: z.boolean().default(true),
  })
  .superRefine(scheduleRule);
export type PromotionSaveRequest = z.infer<typeof promotionSaveRequest>;

export const promotionIdRequest = z.object({ id: rowId('PROMOTION_NOT_FOUND') });
export const promotionDetailQuery = z.object({ id: queryRowId('PROMOTION_NOT_FOUND') });
export const promotionListQuery = pageQuery;

/** A promotion as players see it, in their language. */
export const promotion = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string().nullable(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
});
export type Promotion = z.infer<typeof promotion>;
export const promotionDetail = promotion.extend({ body: z.string() });
export type PromotionDetail = z.infer<typeof promotionDetail>;

/** A promotion as operators edit it: every language, and whether it is live now. */
export const adminPromotion = z.object({
  id: z.number().int(),
  title: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()),
  image: z.string(),
  link: z.string().nullable(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  sort: z.number().int(),
  enabled: z.boolean(),
  live: z.boolean(),
  updated_at: z.number().int(),
});
export type AdminPromotion = z.infer<typeof adminPromotion>;

// ---------------------------------------------------------------- home: banners and notice

/**
 * A banner's link: a screen of the site, or an https address on the site's redirect allow-list (the API checks the
 * list; the web opens it in a new tab).
 */
const bannerUrl = z.string().trim().max(2048, 'CONTENT_LINK_INVALID').nullable().default(null);

export const bannerSaveRequest = z
  .object({
    id: rowId('BANNER_NOT_FOUND').optional(),
    image: contentImage,
    /** Per-language images; a language without one shows `image`. */
    images: z.partialRecord(z.enum(LANGS), contentImage).default({}),
    url: bannerUrl,
    title: localizedText(BANNER_TITLE_MAX, 'CONTENT_TEXT_TOO_LONG'),
    starts_at: instant.nullable().default(null),
    ends_at: instant.nullable().default(null),
    sort: sort.default(0),
    enabled: z.boolean().default(true),
  })
  .superRefine(scheduleRule);
export type BannerSaveRequest = z.infer<typeof bannerSaveRequest>;
export const bannerIdRequest = z.object({ id: rowId('BANNER_NOT_FOUND') });

export const adminBanner = z.object({
  id: z.number().int(),
  image: z.string(),
  images: z.record(z.string(), z.string()),
  url: z.string().nullable(),
  title: z.record(z.string(), z.string()),
  starts_at: z.number().int().nullable(),
  ends_at: z.number().int().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  live: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

export const noticeSaveRequest = z.object({ body: localizedText(NOTICE_MAX, 'CONTENT_TEXT_TOO_LONG') });
export type NoticeSaveRequest = z.infer<typeof noticeSaveRequest>;

export const adminHomeContent = z.object({
  banners: z.array(adminBanner),
  notice: z.record(z.string(), z.string()),
});
export type AdminHomeContent = z.infer<typeof adminHomeContent>;

export const contentImageQuery = z.object({ f: z.string(required).max(40, 'NOT_FOUND') });
export const contentImageAnswer = z.object({ url: z.string() });
export type ContentImageAnswer = z.infer<typeof contentImageAnswer>;

/** Whether an item with this schedule is live at `now` (start inclusive, end exclusive; null = open). */
export function isLive(
  item: { enabled: boolean; starts_at: number | null; ends_at: number | null },
  now: number,
): boolean {
  return (
    item.enabled && (item.starts_at === null || item.starts_at <= now) && (item.ends_at === null || now < item.ends_at)
  );
}
