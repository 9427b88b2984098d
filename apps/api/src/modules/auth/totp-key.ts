import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Under DATA_DIR: the key that encrypts TOTP secrets when TOTP_KEY is not set (mode 0600, never overwritten). */
export const TOTP_KEY_FILE = 'totp.key';

/**
 * The key that encrypts TOTP secrets at rest (README "Two-step verification"): TOTP_KEY when set; else the one in
 * DATA_DIR/totp.key, written at the first start — apart from the database, so a dump of the database alone does not
 * give the secrets. An in-memory site (tests) gets a key of its own for the life of the process.
 */
export function loadTotpKey(config: { totpKey: string | undefined; dataDir: string }): Buffer {
  if (config.totpKey) return createHash('sha256').update(config.totpKey).digest();
  if (config.dataDir === 'memory://') return randomBytes(32);
  const file = resolve(config.dataDir, TOTP_KEY_FILE);
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'ENOENT') throw err;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': a second instance starting at the same moment does not overwrite the first one's key.
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'EEXIST') throw err;
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }
}

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", base64url. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret sealed by `sealSecret`; throws if the key is not the one it was sealed with. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
