import { describe, expect, it } from 'vitest';
import { isStorableText, MAX_NESTING, queryRowId, ROW_ID_MAX, rowId, unstorableTextPath } from './common.ts';

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, keeps whole characters of any plane', () => {
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'a\ud800b', '\udc00', 'x\udfff', '\udc00\ud800']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'abc', 'ส้ม', '漢字', '🍊', 'a🍊b', '\ud83c\udf4a', '\u0001\ufffd\uffff']) {
      expect(isStorableText(good), JSON.stringify(good)).toBe(true);
    }
  });
});

describe('unstorableTextPath', () => {
  it('names the first bad string, value or key, by its dotted path', () => {
    expect(unstorableTextPath({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(unstorableTextPath({ a: 'bad\ud800', b: 'bad\u0000' })).toBe('a');
    expect(unstorableTextPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(unstorableTextPath({ a: { b: 'x\u0000' }, ['k\u0000']: 1 })).toBe('a.b');
    expect(unstorableTextPath('\u0000')).toBe('');
    expect(unstorableTextPath({ a: ['🍊', null, 1, true], b: { c: 'ส้ม' } })).toBeNull();
    expect(unstorableTextPath(null)).toBeNull();
  });

  it('refuses nesting deeper than MAX_NESTING without exhausting the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableTextPath(deep)).toBe(Array.from({ length: MAX_NESTING }, () => '0').join('.'));
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_NESTING; i++) fine = { a: fine };
    expect(unstorableTextPath(fine)).toBeNull();
  });
});

describe('rowId', () => {
  const id = rowId('CHANNEL_NOT_FOUND');
  const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it('takes 1 … 2³¹−1; out of range is the not-found key, anything else a validation failure', () => {
    expect(id.safeParse(1).success).toBe(true);
    expect(id.safeParse(ROW_ID_MAX).success).toBe(true);
    for (const n of [0, -1, ROW_ID_MAX + 1, 3_000_000_000, Number.MAX_SAFE_INTEGER]) {
      expect(messageOf(id.safeParse(n)), String(n)).toBe('CHANNEL_NOT_FOUND');
    }
    for (const v of [1.5, '1', null, Infinity, Number.NaN]) {
      expect(messageOf(id.safeParse(v)), String(v)).toBe('VALIDATION_FAILED');
    }
    expect(messageOf(id.safeParse(undefined))).toBe('REQUIRED_FIELDS');
  });

  it('in a query string the same, as text', () => {
    const q = queryRowId('NOT_FOUND');
    expect(q.parse('42')).toBe(42);
    for (const s of ['0', '-1', '2147483648', '3000000000']) expect(messageOf(q.safeParse(s)), s).toBe('NOT_FOUND');
    for (const s of ['abc', '1.5', '1e400', '9'.repeat(13)])
      expect(messageOf(q.safeParse(s)), s).toBe('VALIDATION_FAILED');
  });
});
