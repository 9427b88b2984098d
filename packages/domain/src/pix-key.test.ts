import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyPixKey, isValidCnpj, isValidCpf } from './pix-key.ts';

describe('CPF', () => {
  it('checks both check digits', () => {
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf('123.456.789-00')).toBe(false);
    expect(isValidCpf('123.456.789-08')).toBe(false); // first right, second wrong
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
    expect(isValidCpf('000.000.001-91')).toBe(true); // first digit 10 → 0 path: Σ=2 → 20 mod 11 = 9
  });

  it('rejects all-equal digits and odd shapes', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
    for (const bad of ['1234567890', '123456789090', '123.456.78909', '123-456-789.09', '', 'abc.def.ghi-jk']) {
      expect(isValidCpf(bad)).toBe(false);
    }
  });

  it('has exactly one valid pair of check digits for any nine digits (unless all equal)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (base) => {
        const valid = Array.from({ length: 100 }, (_, i) => base + String(i).padStart(2, '0')).filter(isValidCpf);
        return /^(\d)\1{8}$/.test(base) ? valid.length <= 1 : valid.length === 1;
      }),
      { numRuns: 50 },
    );
  });
});

describe('CNPJ', () => {
  it('checks both check digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
    expect(isValidCnpj('00.000.000/0001-91')).toBe(true); // Banco do Brasil
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('11.222.333/000181')).toBe(false);
  });
});

describe('classifyPixKey', () => {
  it('recognises each kind and normalises it', () => {
    expect(classifyPixKey('123.456.789-09')).toEqual({ type: 'cpf', normalized: '12345678909' });
    expect(classifyPixKey('11.222.333/0001-81')).toEqual({ type: 'cnpj', normalized: '11222333000181' });
    expect(classifyPixKey(' Fulano.Tal@Example.com.br ')).toEqual({
      type: 'email',
      normalized: 'fulano.tal@example.com.br',
    });
    expect(classifyPixKey(`${'a'.repeat(70)}@ex.com`)?.type).toBe('email'); // 77, the longest allowed
    expect(classifyPixKey('+5511987654321')).toEqual({ type: 'phone', normalized: '+5511987654321' });
    expect(classifyPixKey('+55 (11) 3333-4444')).toEqual({ type: 'phone', normalized: '+551133334444' });
    expect(classifyPixKey('123E4567-E12B-12D1-A456-426655440000')).toEqual({
      type: 'random',
      normalized: '123e4567-e12b-12d1-a456-426655440000',
    });
  });

  it('returns null for anything else', () => {
    for (const bad of [
      '',
      '123.456.789-00',
      '11.222.333/0001-80',
      '11987654321', // a phone without +55 reads as a CPF and fails its check
      '+1 415 555 0100',
      '+55119876543',
      '+551198765432101',
      'no-at-sign.example.com',
      'a@b',
      'a@@b.com',
      'a b@c.com',
      `${'a'.repeat(71)}@ex.com`, // 78 characters, over DICT's 77
      '123e4567-e12b-12d1-a456-42665544000',
      'hello',
    ]) {
      expect(classifyPixKey(bad), bad).toBeNull();
    }
  });
});
