import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minor } from './money.ts';
import { crc16ccitt, parseBrCode, parseTlv, pixBrCode, PixError, pixText, verifyBrCode } from './pix.ts';

// The central bank's example (Manual de Padrões para Iniciação do Pix), CRC 1D3D.
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('crc16ccitt', () => {
  it('is CRC-16/CCITT-FALSE', () => {
    expect(crc16ccitt('123456789')).toBe(0x29b1); // the catalogue check value
    expect(crc16ccitt('')).toBe(0xffff);
    expect(crc16ccitt(BCB_EXAMPLE.slice(0, -4))).toBe(0x1d3d);
  });
});

describe('pixBrCode', () => {
  it("reproduces the central bank's example exactly", () => {
    expect(
      pixBrCode({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(BCB_EXAMPLE);
  });

  it('adds the amount with a dot and two decimals, and the txid', () => {
    const code = pixBrCode({
      key: 'pagamentos@fairdraw.example',
      merchantName: 'Fairdraw',
      merchantCity: 'Sao Paulo',
      amount: minor(12_345),
      txid: 'DEP20240101ABC',
    });
    expect(code).toContain('5406123.45');
    expect(code).toContain('62180514DEP20240101ABC');
    expect(verifyBrCode(code)).toBe(true);
    expect(pixBrCode({ key: 'k', merchantName: 'A', merchantCity: 'B', amount: minor(5) })).toContain('54040.05');
    expect(pixBrCode({ key: 'k', merchantName: 'A', merchantCity: 'B', amount: minor(100) })).toContain('54041.00');
  });

  it('normalises a non-ASCII name and city to ASCII, so lengths count bytes and characters alike', () => {
    const code = pixBrCode({ key: '+5511987654321', merchantName: 'João Açaí', merchantCity: 'São Paulo' });
    expect(code).toContain('5909Joao Acai');
    expect(code).toContain('6009Sao Paulo');
    expect(/^[\x20-\x7e]+$/.test(code)).toBe(true);
    expect(verifyBrCode(code)).toBe(true);
    expect(pixText('  Ünïcödé — 商店 ltda ', 25)).toBe('Unicode ltda');
  });

  it('cuts the name to 25 and the city to 15 characters', () => {
    const parsed = parseBrCode(
      pixBrCode({
        key: 'k',
        merchantName: 'A Very Long Merchant Name That Goes On',
        merchantCity: 'Sao Jose dos Campos',
      }),
    );
    expect(parsed.merchantName).toBe('A Very Long Merchant Name');
    expect(parsed.merchantCity).toBe('Sao Jose dos Ca');
  });

  it('refuses bad input', () => {
    const base = { key: 'k', merchantName: 'A', merchantCity: 'B' };
    expect(() => pixBrCode({ ...base, key: '' })).toThrow(PixError);
    expect(() => pixBrCode({ ...base, key: 'x'.repeat(78) })).toThrow(PixError);
    expect(() => pixBrCode({ ...base, key: 'joão@x.br' })).toThrow(PixError);
    expect(() => pixBrCode({ ...base, merchantName: '商店' })).toThrow(PixError);
    expect(() => pixBrCode({ ...base, merchantCity: ' ' })).toThrow(PixError);
    expect(() => pixBrCode({ ...base, txid: 'has-dash' })).toThrow(PixError);
    expect(() => pixBrCode({ ...base, txid: 'A'.repeat(26) })).toThrow(PixError);
    expect(() => pixBrCode({ ...base, amount: 0 as never })).toThrow(PixError);
    expect(() => pixBrCode({ ...base, amount: (10 ** 13) as never })).toThrow(PixError);
    const longest = pixBrCode({ ...base, key: 'x'.repeat(77) }); // field 26 is then exactly 99 long
    expect(parseBrCode(longest).fields.get('26')).toHaveLength(99);
    expect(verifyBrCode(longest)).toBe(true);
  });
});

describe('parseBrCode and verifyBrCode', () => {
  it('parse the example into its fields', () => {
    const parsed = parseBrCode(BCB_EXAMPLE);
    expect([...parsed.fields.keys()]).toEqual(['00', '26', '52', '53', '58', '59', '60', '62', '63']);
    expect(parsed.fields.get('63')).toBe('1D3D');
    expect(parseTlv(parsed.fields.get('26') ?? '')).toEqual(
      new Map([
        ['00', 'br.gov.bcb.pix'],
        ['01', '123e4567-e12b-12d1-a456-426655440000'],
      ]),
    );
    expect(parsed).toMatchObject({
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      amount: null,
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
    });
  });

  it('accept the example and reject it with any single character changed', () => {
    expect(verifyBrCode(BCB_EXAMPLE)).toBe(true);
    const alphabet = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    let checked = 0;
    for (let i = 0; i < BCB_EXAMPLE.length; i++) {
      for (const c of alphabet) {
        if (c === BCB_EXAMPLE[i]) continue;
        const changed = BCB_EXAMPLE.slice(0, i) + c + BCB_EXAMPLE.slice(i + 1);
        expect(verifyBrCode(changed), changed).toBe(false);
        checked++;
      }
    }
    expect(checked).toBe(BCB_EXAMPLE.length * 94);
  });

  it('reject truncated, lower-case CRC and malformed payloads', () => {
    expect(verifyBrCode(BCB_EXAMPLE.slice(0, -1))).toBe(false);
    expect(verifyBrCode(BCB_EXAMPLE.replace(/1D3D$/, '1d3d'))).toBe(false);
    expect(verifyBrCode('')).toBe(false);
    expect(verifyBrCode('000201')).toBe(false);
    expect(verifyBrCode(BCB_EXAMPLE + '0000')).toBe(false);
    expect(() => parseTlv('0002')).toThrow(PixError);
    expect(() => parseTlv('00020101')).toThrow(PixError);
    expect(() => parseTlv('0a02xx')).toThrow(PixError);
    expect(() => parseTlv('000101000101')).toThrow(PixError);
  });

  it('round-trip what pixBrCode writes', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,30}$/);
    fc.assert(
      fc.property(
        fc.stringMatching(/^[\x21-\x7e]{1,77}$/),
        word,
        word,
        fc.option(fc.integer({ min: 1, max: 10 ** 12 - 1 }), { nil: undefined }),
        fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), { nil: undefined }),
        (key, merchantName, merchantCity, amount, txid) => {
          const code = pixBrCode({
            key,
            merchantName,
            merchantCity,
            ...(amount === undefined ? {} : { amount: minor(amount) }),
            ...(txid === undefined ? {} : { txid }),
          });
          const parsed = parseBrCode(code);
          return (
            verifyBrCode(code) &&
            parsed.pixKey === key &&
            parsed.amount === (amount ?? null) &&
            parsed.txid === (txid ?? '***') &&
            parsed.merchantName === pixText(merchantName, 25) &&
            parsed.merchantCity === pixText(merchantCity, 15)
          );
        },
      ),
    );
  });
});
