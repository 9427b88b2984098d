/**
 * The Mark Six zodiac: the animal of the current lunar year owns 1, 13, 25, 37, 49, and number n belongs to the animal
 * n − 1 steps backwards in the cycle. The table changes at Chinese New Year, so it is computed from the draw date,
 * never hard-coded for one year.
 *
 * Chinese New Year has no closed formula (it is the second new moon after the winter solstice, in Beijing time), so
 * its dates are a table, checked against published calendars: it covers draw dates from 2020-01-25 (start of the
 * Rat year) up to 2041-01-31 (end of the Monkey year that begins 2040-02-12). Extend it before 2041.
 */
export const ZODIACS = [
  'rat',
  'ox',
  'tiger',
  'rabbit',
  'dragon',
  'snake',
  'horse',
  'goat',
  'monkey',
  'rooster',
  'dog',
  'pig',
] as const;
export type Zodiac = (typeof ZODIACS)[number];

/** First day of each lunar year (Gregorian, China time). 2041 only marks where the 2040 year ends. */
export const CHINESE_NEW_YEAR: Readonly<Record<number, string>> = {
  2020: '2020-01-25',
  2021: '2021-02-12',
  2022: '2022-02-01',
  2023: '2023-01-22',
  2024: '2024-02-10',
  2025: '2025-01-29',
  2026: '2026-02-17',
  2027: '2027-02-06',
  2028: '2028-01-26',
  2029: '2029-02-13',
  2030: '2030-02-03',
  2031: '2031-01-23',
  2032: '2032-02-11',
  2033: '2033-01-31',
  2034: '2034-02-19',
  2035: '2035-02-08',
  2036: '2036-01-28',
  2037: '2037-02-15',
  2038: '2038-02-04',
  2039: '2039-01-24',
  2040: '2040-02-12',
  2041: '2041-02-01',
};

export class ZodiacError extends Error {}

const FIRST_YEAR = 2020;
const LAST_YEAR = 2040;

/** The lunar year (named by the Gregorian year it starts in) that a business date `YYYY-MM-DD` falls in. */
export function lunarYearOf(drawDate: string): number {
  if (!/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(drawDate)) {
    throw new ZodiacError(`not a date (YYYY-MM-DD): ${drawDate}`);
  }
  const year = Number(drawDate.slice(0, 4));
  const newYear = CHINESE_NEW_YEAR[year];
  const lunarYear = newYear !== undefined && drawDate < newYear ? year - 1 : year;
  if (lunarYear < FIRST_YEAR || lunarYear > LAST_YEAR) {
    throw new ZodiacError(`no Chinese New Year table for ${drawDate}`);
  }
  return lunarYear;
}

/** The animal of the lunar year of the draw date (2020 was the Rat, 2026 the Horse). */
export function yearAnimal(drawDate: string): Zodiac {
  return ZODIACS[(((lunarYearOf(drawDate) - FIRST_YEAR) % 12) + 12) % 12]!;
}

/** The animal owning Mark Six number n (1..49) on the draw date. */
export function zodiacOf(n: number, drawDate: string): Zodiac {
  if (!Number.isInteger(n) || n < 1 || n > 49) throw new ZodiacError(`not a Mark Six number: ${n}`);
  const year = ZODIACS.indexOf(yearAnimal(drawDate));
  return ZODIACS[(((year - (n - 1)) % 12) + 12) % 12]!;
}

/** The numbers an animal owns on the draw date: five for the year's animal, four for the others. */
export function zodiacNumbers(animal: Zodiac, drawDate: string): readonly number[] {
  const numbers: number[] = [];
  for (let n = 1; n <= 49; n += 1) if (zodiacOf(n, drawDate) === animal) numbers.push(n);
  return numbers;
}
