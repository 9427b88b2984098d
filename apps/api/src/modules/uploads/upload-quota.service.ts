/**
 * The players' daily upload quota (README.md): files and bytes as stored, per business day of the app's clock,
 * across every upload a player makes (support images, identity photos, the avatar). Operators' uploads are not
 * counted. Checked twice: cheaply before the body is read (a player already at the quota sends nothing), and for
 * good in the transaction that attaches the stored file to its row, so parallel uploads cannot pass it together.
 */
import { localDate } from '@fairdraw/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './upload-quota.repository.ts';

export type UploadQuota = { maxFiles: number; maxBytes: number; timeZone: string };

function refusal(quota: UploadQuota): AppError {
  const mb = quota.maxBytes / (1024 * 1024);
  return new AppError('UPLOAD_QUOTA_EXCEEDED', {
    params: { files: quota.maxFiles, size: `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` },
  });
}

const dayOf = (now: Date, quota: UploadQuota) => localDate(now.getTime(), quota.timeZone);

/** Refuses before the body is read when `files` more would pass the day's count, or the day's bytes are used up. */
export async function checkRoom(db: Db, userId: number, files: number, now: Date, quota: UploadQuota): Promise<void> {
  const used = await repo.usedOn(db, userId, dayOf(now, quota));
  if (used.files + files > quota.maxFiles || used.bytes >= quota.maxBytes) throw refusal(quota);
}

/**
 * Counts stored files against the day's quota inside the transaction that refers to them; beyond it,
 * UPLOAD_QUOTA_EXCEEDED, which rolls the transaction back (and withStoredUpload removes the files).
 */
export async function count(
  trx: Db,
  userId: number,
  sizes: readonly number[],
  now: Date,
  quota: UploadQuota,
): Promise<void> {
  const add = { files: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0) };
  const ok = await repo.addWithin(trx, userId, dayOf(now, quota), add, {
    files: quota.maxFiles,
    bytes: quota.maxBytes,
  });
  if (!ok) throw refusal(quota);
}

/** The quota of the configuration (UPLOAD_DAILY_MAX_FILES, UPLOAD_DAILY_MAX_BYTES, BUSINESS_TIME_ZONE). */
export function quotaOf(config: {
  uploadDailyMaxFiles: number;
  uploadDailyMaxBytes: number;
  businessTimeZone: string;
}): UploadQuota {
  return {
    maxFiles: config.uploadDailyMaxFiles,
    maxBytes: config.uploadDailyMaxBytes,
    timeZone: config.businessTimeZone,
  };
}
