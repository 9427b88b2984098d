import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which erasable TypeScript cannot import). */
const ARGON2ID = 2;

/** argon2id at OWASP's first recommendation (docs/trust.md 17): 19 MiB memory, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first login, so that first unknown account is not slower than the rest. */
export async function warmUpPasswords(): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-never-matches');
  await dummyHash;
}

/**
 * Verifies a password against a stored hash. With no hash (unknown account, or a guest) it verifies against a
 * dummy hash of the same cost and answers false, so a wrong account takes as long as a wrong password.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword('dummy-password-never-matches');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
