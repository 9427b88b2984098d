/**
 * Promotions (/activity): operators publish them with a title and a body in every language, a picture, an optional
 * link to a screen of the site, a start and an end; players see one only while it is live by the API's clock
 * (from its start, inclusive, until its end, exclusive). Every change is written to the audit log with before/after.
 */
import type { AdminPromotion, Lang, Paged, Promotion, PromotionDetail, PromotionSaveRequest } from '@fairdraw/contract';
import { isLive } from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import type { PromotionRow } from '../../db/tables-content.ts';
import { AppError } from '../../lib/app-error.ts';
import { toPage } from '../../lib/paging.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as repo from './promotions.repository.ts';

function toPromotion(r: PromotionRow, lang: Lang): Promotion {
  return {
    id: r.id,
    title: localize(r.title, lang),
    image: r.image,
    link: r.link,
    starts_at: r.starts_at.getTime(),
    ends_at: r.ends_at.getTime(),
  };
}

export function toAdminPromotion(r: PromotionRow, now: Date): AdminPromotion {
  const schedule = { enabled: r.enabled, starts_at: r.starts_at.getTime(), ends_at: r.ends_at.getTime() };
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    image: r.image,
    link: r.link,
    ...schedule,
    sort: r.sort,
    live: isLive(schedule, now.getTime()),
    updated_at: r.updated_at.getTime(),
  };
}

export async function listLive(
  db: Db,
  lang: Lang,
  now: Date,
  query: { page: number; limit: number },
): Promise<Paged<Promotion>> {
  const rows = await repo.livePage(db, now, query.page, query.limit);
  return toPage(rows, query, (r) => toPromotion(r, lang));
}

/** A live promotion; one that is not live (not started, ended, disabled) is as unknown as a missing one. */
export async function detail(db: Db, id: number, lang: Lang, now: Date): Promise<PromotionDetail> {
  const r = await repo.liveById(db, id, now);
  if (!r) throw new AppError('PROMOTION_NOT_FOUND', { field: 'id' });
  return { ...toPromotion(r, lang), body: localize(r.body, lang) };
}

export async function listForOperator(
  db: Db,
  now: Date,
  query: { page: number; limit: number },
): Promise<Paged<AdminPromotion>> {
  const rows = await repo.allPage(db, query.page, query.limit);
  return toPage(rows, query, (r) => toAdminPromotion(r, now));
}

/** Creates a promotion (no id) or changes one, audited before/after in the same transaction. */
export async function save(db: Db, actor: AuditActor, req: PromotionSaveRequest, now: Date): Promise<AdminPromotion> {
  const values: repo.PromotionValues = {
    title: req.title,
    body: req.body,
    image: req.image,
    link: req.link,
    starts_at: new Date(req.starts_at),
    ends_at: new Date(req.ends_at),
    sort: req.sort,
    enabled: req.enabled,
  };
  return db.transaction().execute(async (trx) => {
    let before: AdminPromotion | null = null;
    let r: PromotionRow;
    if (req.id === undefined) {
      r = await repo.insert(trx, values, now);
    } else {
      const old = await repo.lock(trx, req.id);
      if (!old) throw new AppError('PROMOTION_NOT_FOUND', { field: 'id' });
      before = toAdminPromotion(old, now);
      r = await repo.update(trx, req.id, values, now);
    }
    const after = toAdminPromotion(r, now);
    await writeAudit(trx, actor, 'activity.save', `promotion:${r.id}`, before, after);
    return after;
  });
}

export async function remove(db: Db, actor: AuditActor, id: number, now: Date): Promise<{ id: number }> {
  await db.transaction().execute(async (trx) => {
    const old = await repo.lock(trx, id);
    if (!old) throw new AppError('PROMOTION_NOT_FOUND', { field: 'id' });
    await repo.remove(trx, id);
    await writeAudit(trx, actor, 'activity.delete', `promotion:${id}`, toAdminPromotion(old, now), null);
  });
  return { id };
}
