import { readFileSync } from 'node:fs';

/** Where the integration tier's global setup (global-setup.ts) says its migrated database is. */
export const TEMPLATE_ENV = {
  /** A file: the dump of a migrated PGlite data directory. */
  pglite: 'FD_TEST_PGLITE_TEMPLATE',
  /** A database on the DATABASE_URL server, migrated, for CREATE DATABASE … TEMPLATE. */
  postgres: 'FD_TEST_PG_TEMPLATE',
} as const;

let dump: Blob | undefined;

/** The migrated PGlite dump, read once per worker; undefined outside the integration tier (or when not made). */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[TEMPLATE_ENV.pglite];
  if (!file) return undefined;
  dump ??= new Blob([readFileSync(file)]);
  return dump;
}

/** The migrated template database's name, when the integration tier runs on PostgreSQL. */
export function postgresTemplate(): string | undefined {
  const name = process.env[TEMPLATE_ENV.postgres];
  return name && /^fd_template_[0-9a-f]{12}$/.test(name) ? name : undefined;
}
