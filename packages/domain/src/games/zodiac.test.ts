import { describe, expect, it } from 'vitest';
import { CHINESE_NEW_YEAR, lunarYearOf, yearAnimal, ZodiacError, zodiacNumbers, zodiacOf, ZODIACS } from './zodiac.ts';

describe('Mark Six zodiac', () => {
  it('changes at Chinese New Year 2026 (Snake → Horse, 2026-02-17)', () => {
    expect(yearAnimal('2026-01-01')).toBe('snake');
    expect(yearAnimal('2026-02-16')).toBe('snake');
    expect(yearAnimal('2026-02-17')).toBe('horse');
    expect(yearAnimal('2026-11-22')).toBe('horse');
    expect(zodiacNumbers('horse', '2026-02-17')).toEqual([1, 13, 25, 37, 49]);
    expect(zodiacNumbers('snake', '2026-02-17')).toEqual([2, 14, 26, 38]);
    expect(zodiacNumbers('dragon', '2026-02-17')).toEqual([3, 15, 27, 39]);
    expect(zodiacNumbers('goat', '2026-02-17')).toEqual([12, 24, 36, 48]);
    expect(zodiacNumbers('snake', '2026-02-16')).toEqual([1, 13, 25, 37, 49]);
    expect(zodiacNumbers('horse', '2026-02-16')).toEqual([12, 24, 36, 48]);
  });

  it('changes at Chinese New Year 2027 (Horse → Goat, 2027-02-06)', () => {
    expect(yearAnimal('2027-02-05')).toBe('horse');
    expect(yearAnimal('2027-02-06')).toBe('goat');
    expect(zodiacOf(1, '2027-02-06')).toBe('goat');
    expect(zodiacOf(2, '2027-02-06')).toBe('horse');
    expect(zodiacOf(13, '2027-02-05')).toBe('horse');
    expect(zodiacNumbers('goat', '2027-02-06')).toEqual([1, 13, 25, 37, 49]);
    expect(zodiacNumbers('horse', '2027-02-06')).toEqual([2, 14, 26, 38]);
  });

  it('cycles through the twelve animals, one year animal per lunar year', () => {
    expect(yearAnimal('2020-01-25')).toBe('rat');
    expect(yearAnimal('2024-02-10')).toBe('dragon');
    expect(yearAnimal('2031-06-01')).toBe('pig');
    expect(yearAnimal('2032-02-11')).toBe('rat');
    expect(yearAnimal('2041-01-31')).toBe('monkey');
    for (const year of Object.keys(CHINESE_NEW_YEAR)
      .map(Number)
      .filter((y) => y <= 2040)) {
      const date = CHINESE_NEW_YEAR[year]!;
      expect(lunarYearOf(date)).toBe(year);
      const counts = ZODIACS.map((animal) => zodiacNumbers(animal, date).length);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(49);
      expect(counts.filter((c) => c === 5)).toHaveLength(1);
      expect(zodiacNumbers(yearAnimal(date), date)).toEqual([1, 13, 25, 37, 49]);
    }
  });

  it('refuses dates outside the table and malformed dates', () => {
    expect(() => yearAnimal('2020-01-24')).toThrow(ZodiacError);
    expect(() => yearAnimal('2041-02-01')).toThrow(ZodiacError);
    expect(() => yearAnimal('2026-13-01')).toThrow(ZodiacError);
    expect(() => yearAnimal('20261122')).toThrow(ZodiacError);
    expect(() => zodiacOf(0, '2026-11-22')).toThrow(ZodiacError);
    expect(() => zodiacOf(50, '2026-11-22')).toThrow(ZodiacError);
  });
});
