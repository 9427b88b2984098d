import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable } from 'kysely';
import pg from 'pg';
import type { Lang, Role } from '@fairdraw/contract';

/** Text in every language the product speaks, stored as jsonb; Thai is the fallback. */
export type LocalizedText = Partial<Record<Lang, string>> & { th: string };

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<number>;
  account: string;
  password_hash: string | null;
  nickname: string;
  avatar: string;
  role: Role;
  is_guest: boolean;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 hex of the token; the token itself is never stored. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Failed-login counters, one row per (scope, key): scope 'account' (lower-cased account) or 'ip'. */
export interface LoginAttemptsTable {
  scope: 'account' | 'ip';
  key: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

export interface GameCategoriesTable {
  id: Generated<number>;
  code: string;
  name: JSONColumnType<LocalizedText, string, string>;
  sort: number;
}

export interface GamesTable {
  id: Generated<number>;
  code: string;
  family: string;
  name: JSONColumnType<LocalizedText, string, string>;
  image: string;
  category_id: number;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface BannersTable {
  id: Generated<number>;
  image: string;
  url: string | null;
  title: JSONColumnType<LocalizedText, string, string>;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface NoticesTable {
  id: Generated<number>;
  body: JSONColumnType<LocalizedText, string, string>;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  game_categories: GameCategoriesTable;
  games: GamesTable;
  banners: BannersTable;
  notices: NoticesTable;
}

export type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type GameRow = Selectable<GamesTable>;

export type DbOptions = { databaseUrl: string | undefined; dataDir: string };

/**
 * PostgreSQL when DATABASE_URL is set (a real site), else embedded PGlite under dataDir (a demo that needs no
 * server). One SQL dialect either way. 'memory://' gives a throw-away in-memory PGlite for tests.
 */
export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const pglite = options.dataDir === 'memory://' ? new PGlite() : new PGlite(options.dataDir);
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
}

/** Picks the text of a language, falling back to Thai. */
export function localize(text: LocalizedText, lang: Lang): string {
  return text[lang] ?? text.th;
}
