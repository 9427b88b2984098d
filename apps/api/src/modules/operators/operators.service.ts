import { randomInt } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ACCOUNT_RE, LOGIN_PASSWORD_MAX, LOGIN_PASSWORD_MIN } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { AVATARS } from '../auth/auth.service.ts';
import * as repo from './operators.repository.ts';

/** Under DATA_DIR: where the first start writes the generated operator password (mode 0600, never overwritten). */
export const OPERATOR_PASSWORD_FILE = 'operator-password.txt';

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password from node:crypto (16 characters of a 57-letter alphabet: about 93 bits). */
export function randomPassword(length = 16): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

export class OperatorError extends Error {}

/**
 * Creates an operator, or sets a new password for an existing operator of that account. Refuses an account that
 * belongs to a player or guest (an operator is never made out of a player by accident).
 */
export async function createOperator(
  db: Db,
  account: string,
  password: string,
  now: Date,
): Promise<'created' | 'updated'> {
  const name = account.trim();
  if (!ACCOUNT_RE.test(name)) throw new OperatorError('the account must be 4–20 letters and digits');
  if (password.length < LOGIN_PASSWORD_MIN || password.length > LOGIN_PASSWORD_MAX) {
    throw new OperatorError(`the password must be ${LOGIN_PASSWORD_MIN}–${LOGIN_PASSWORD_MAX} characters`);
  }
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const existing = await repo.lockUserByAccount(trx, name);
    if (existing) {
      if (existing.role !== 'operator') throw new OperatorError(`account ${name} exists and is not an operator`);
      await repo.setPasswordHash(trx, existing.id, hash);
      return 'updated';
    }
    await repo.insertOperator(trx, name, hash, AVATARS[0] ?? '/art/avatars/1.svg', now);
    return 'created';
  });
}

/** What the first start did about an operator: see ensureFirstOperator. */
export type FirstOperator =
  | { kind: 'not-needed' }
  | { kind: 'created'; account: string; passwordFile: string }
  | { kind: 'file-exists'; passwordFile: string }
  | { kind: 'no-file' };

/** Says where the password is and how to change it; the password itself goes only into the file. */
function passwordFileText(account: string, password: string, now: Date): string {
  return (
    `Fairdraw: the first operator account, created ${now.toISOString()}.\n` +
    `account: ${account}\n` +
    `password: ${password}\n` +
    `Change it (npm run operator:create -w apps/api -- --account ${account} --password NEW), then delete this file.\n`
  );
}

/**
 * First start without OPERATOR_ACCOUNT/OPERATOR_PASSWORD: when no operator exists, creates 'operator' with a random
 * password and writes the password to `passwordFile`, never to a log. The file is created with O_EXCL and mode
 * 0600, so it is readable by the server's user only and never overwritten: when it already exists (an earlier
 * first start on another database), no operator is made ('file-exists'). Without a file (`undefined`: an in-memory
 * DATA_DIR) no operator is made either ('no-file'). The file is written before the operator's row commits, and
 * removed if the commit fails, so a password on disk always belongs to the operator. Under an advisory lock so
 * that several instances starting together create one.
 */
export async function ensureFirstOperator(db: Db, passwordFile: string | undefined, now: Date): Promise<FirstOperator> {
  const password = randomPassword();
  const hash = await hashPassword(password);
  let written = false;
  try {
    return await db.transaction().execute(async (trx): Promise<FirstOperator> => {
      await repo.lockFirstOperatorCheck(trx);
      if (await repo.anyOperatorExists(trx)) return { kind: 'not-needed' };
      if (await repo.accountExists(trx, 'operator')) return { kind: 'not-needed' };
      if (passwordFile === undefined) return { kind: 'no-file' };
      await repo.insertOperator(trx, 'operator', hash, AVATARS[0] ?? '/art/avatars/1.svg', now);
      await mkdir(dirname(passwordFile), { recursive: true, mode: 0o700 });
      let file: FileHandle;
      try {
        file = await open(passwordFile, 'wx', 0o600);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new FileExists();
        throw err;
      }
      written = true;
      try {
        // The mode given to open() is narrowed by the umask, never widened; chmod states it whatever the umask.
        await file.chmod(0o600);
        await file.writeFile(passwordFileText('operator', password, now));
      } finally {
        await file.close();
      }
      return { kind: 'created', account: 'operator', passwordFile };
    });
  } catch (err) {
    if (err instanceof FileExists) return { kind: 'file-exists', passwordFile: passwordFile ?? '' };
    if (written && passwordFile !== undefined) await rm(passwordFile, { force: true });
    throw err;
  }
}

/** Rolls the first operator back when its password file is already there. */
class FileExists extends Error {}
