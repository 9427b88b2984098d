import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './unique-violation.ts';

describe('isUniqueViolation', () => {
  const pg = { code: '23505', constraint: 'a_key', message: 'duplicate key value violates unique constraint "a_key"' };
  it('tells a unique violation, of a named constraint when asked', () => {
    expect(isUniqueViolation(pg)).toBe(true);
    expect(isUniqueViolation(pg, 'a_key')).toBe(true);
    expect(isUniqueViolation(pg, 'b_key')).toBe(false);
    // PGlite may name the constraint only in the message.
    expect(isUniqueViolation({ code: '23505', message: pg.message }, 'a_key')).toBe(true);
  });
  it('is false for anything else', () => {
    expect(isUniqueViolation({ code: '23503', constraint: 'a_key' })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
