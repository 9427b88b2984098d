/**
 * Whether a database error is a unique violation (SQLSTATE 23505) — of `constraint` when one is named (PostgreSQL's
 * errors carry it as `constraint`; PGlite's may only name it in the message).
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  if (constraint === undefined) return true;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(`"${constraint}"`));
}
