/**
 * The player's profile: nickname, and an avatar re-encoded to a 256×256 WebP without metadata (lib/uploads.ts),
 * stored under a random name and served by the API (`GET /api/user/avatar?f=<name>`).
 */
import { API } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { playerTransaction } from '../../db/player-lock.ts';
import { reencodeAvatar, removeUpload, withStoredUpload } from '../../lib/uploads.ts';
import type { UploadForm } from '../../lib/uploads.ts';
import * as uploadQuota from '../uploads/upload-quota.service.ts';
import type { UploadQuota } from '../uploads/upload-quota.service.ts';
import * as repo from './profile.repository.ts';

export async function updateNickname(db: Db, userId: number, nickname: string) {
  return repo.updateProfile(db, userId, { nickname });
}

export function avatarUrl(name: string): string {
  return `${API.userAvatar}?f=${name}`;
}

/** The stored file an avatar URL of ours names ('' for any other URL, e.g. the default avatar). */
function avatarFile(url: string): string {
  return url.startsWith(`${API.userAvatar}?f=`) ? url.slice(API.userAvatar.length + 3) : '';
}

/**
 * Stores the new avatar and points the profile at it; the file it replaces is deleted once that has committed, and
 * the new file is deleted if it has not (lib/uploads.ts withStoredUpload): no picture is kept that no profile shows.
 */
export async function uploadAvatar(
  db: Db,
  userId: number,
  form: UploadForm,
  ctx: { dir: string; now: Date; quota: UploadQuota },
): Promise<{ avatar: string }> {
  const { dir } = ctx;
  const image = await reencodeAvatar(form.files.avatar, 'avatar');
  const { avatar, replaced } = await withStoredUpload(dir, image, 'webp', (name) =>
    // The player's row is locked first (db/player-lock.ts): an upload replaces the avatar read under the lock.
    playerTransaction(db, userId, async (trx, user) => {
      const replaced = user.avatar;
      // Counted against the player's daily upload quota (modules/uploads); beyond it, the new file is removed.
      await uploadQuota.count(trx, userId, [image.length], ctx.now, ctx.quota);
      const row = await repo.updateProfile(trx, userId, { avatar: avatarUrl(name!) });
      return { avatar: row.avatar, replaced };
    }),
  );
  const old = avatarFile(replaced);
  if (old && old !== avatarFile(avatar)) await removeUpload(dir, old).catch(() => undefined);
  return { avatar };
}
