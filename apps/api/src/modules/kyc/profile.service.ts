/**
 * The player's profile: nickname, and an avatar re-encoded to a 256×256 WebP without metadata (lib/uploads.ts),
 * stored under a random name and served by the API (`GET /api/user/avatar?f=<name>`).
 */
import { API } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { reencodeAvatar, storeUpload } from '../../lib/uploads.ts';
import type { UploadForm } from '../../lib/uploads.ts';
import * as repo from './profile.repository.ts';

export async function updateNickname(db: Db, userId: number, nickname: string) {
  return repo.updateProfile(db, userId, { nickname });
}

export function avatarUrl(name: string): string {
  return `${API.userAvatar}?f=${name}`;
}

export async function uploadAvatar(db: Db, userId: number, form: UploadForm, dir: string): Promise<{ avatar: string }> {
  const image = await reencodeAvatar(form.files.avatar, 'avatar');
  const name = await storeUpload(dir, image, 'webp');
  const row = await repo.updateProfile(db, userId, { avatar: avatarUrl(name) });
  return { avatar: row.avatar };
}
