import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { identityDocumentKey, sameIdentityDocument } from './identity-document.ts';

describe('identityDocumentKey', () => {
  it('ignores case, spaces and dashes', () => {
    expect(identityDocumentKey('ab-12 34')).toBe('AB1234');
    expect(identityDocumentKey(' 1-1012-00345-67-8 ')).toBe('1101200345678');
    expect(identityDocumentKey('p\t123\n456')).toBe('P123456');
  });

  it('folds other dashes, full-width characters and invisible separators', () => {
    expect(identityDocumentKey('AB\u2013123\u2014456\u2212789')).toBe('AB123456789');
    expect(identityDocumentKey('\uff21\uff22\uff11\uff12\u3000\uff13')).toBe('AB123');
    expect(identityDocumentKey('AB\u00a0123\u200b4')).toBe('AB1234');
  });

  it('keeps letters and digits apart: different numbers stay different', () => {
    expect(sameIdentityDocument('AB1234', 'AB1235')).toBe(false);
    expect(sameIdentityDocument('O1234', '01234')).toBe(false);
    expect(sameIdentityDocument('ab 12-34', 'AB1234')).toBe(true);
  });

  it('is idempotent, and any spacing or case of a number gives the same key', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z0-9]{4,20}$/),
        fc.array(fc.constantFrom(' ', '-', '\u2010', '\u3000'), { maxLength: 5 }),
        fc.boolean(),
        (number, seps, lower) => {
          let spelled = lower ? number.toLowerCase() : number;
          for (const [i, s] of seps.entries()) {
            const at = (i * 3) % (spelled.length + 1);
            spelled = spelled.slice(0, at) + s + spelled.slice(at);
          }
          const key = identityDocumentKey(spelled);
          return key === number && identityDocumentKey(key) === key;
        },
      ),
      { numRuns: 200 },
    );
  });
});
