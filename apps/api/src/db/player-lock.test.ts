import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The one lock order of a player's row (db/player-lock.ts, modules/ledger/README.md "Lock order") holds by
// construction only if nothing else locks a `users` row: this reads the API's sources for any other such lock.
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The places allowed to lock a users row, and the mode each takes. */
const ALLOWED: Record<string, string> = {
  // lockUserRow, lockUserRowByAccount: FOR NO KEY UPDATE.
  'db/player-lock.ts': 'no key update',
  // The bet batch: the batch's players FOR SHARE, first in its statement.
  'modules/bets/slip-batch.repository.ts': 'share',
};

function sources(): { file: string; text: string }[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .filter((name) => /\.(ts|sql)$/.test(name) && !name.endsWith('.test.ts') && !name.startsWith('test/'))
    .map((name) => ({ file: relative(SRC, join(SRC, name)), text: readFileSync(join(SRC, name), 'utf8') }));
}

/** Every row lock of `users` in a file: query builder chains and raw SQL. */
function userLocks(text: string): string[] {
  const found: string[] = [];
  // A query builder chain from selectFrom('users') to its execute.
  for (const m of text.matchAll(/selectFrom\(\s*'users'\s*\)([\s\S]*?)\.execute/g)) {
    const lock = /\.for(Update|NoKeyUpdate|Share|KeyShare)\(/.exec(m[1]!);
    if (lock)
      found.push(
        lock[1]!
          .replace(/([A-Z])/g, ' $1')
          .trim()
          .toLowerCase(),
      );
  }
  // A join that locks the users table by name.
  for (const m of text.matchAll(/\.for(Update|NoKeyUpdate|Share|KeyShare)\(\s*'users'/g)) {
    found.push(
      m[1]!
        .replace(/([A-Z])/g, ' $1')
        .trim()
        .toLowerCase(),
    );
  }
  // Raw SQL: a FROM users whose statement (up to the next semicolon or closing parenthesis group) ends in a lock.
  for (const m of text.matchAll(/\bfrom\s+users\b[^;`]*?\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/gi)) {
    found.push(m[1]!.toLowerCase().replace(/\s+/g, ' '));
  }
  return found;
}

describe("a player's row is locked in one place", () => {
  it('finds the locks it knows (the scan works)', () => {
    const all = sources();
    expect(userLocks(all.find((s) => s.file === 'db/player-lock.ts')!.text)).toEqual([
      'no key update',
      'no key update',
    ]);
    expect(userLocks(all.find((s) => s.file === 'modules/bets/slip-batch.repository.ts')!.text)).toEqual(['share']);
    expect(userLocks("db.selectFrom('users').select('id').where('id', '=', 1).forUpdate().execute()")).toEqual([
      'update',
    ]);
    expect(userLocks('select 1 from users where id = $1 for update')).toEqual(['update']);
  });

  it('no other file locks a users row, and the allowed ones take their own mode', () => {
    const wrong: string[] = [];
    for (const { file, text } of sources()) {
      for (const mode of userLocks(text)) {
        if (ALLOWED[file] !== mode) wrong.push(`${file}: FOR ${mode.toUpperCase()}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
