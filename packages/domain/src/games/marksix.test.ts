import { describe, expect, it } from 'vitest';
import { markSixAllIn, markSixColour, markSixPlays, settleMarkSix } from './marksix.ts';
import { PlayError } from './play.ts';

const DATE = '2026-11-22'; // Horse year: horse 1 13 25 37 49, snake 2 14 26 38, goat 12 24 36 48
const PLAYS = markSixPlays(DATE);

function play(code: string) {
  const found = PLAYS.find((p) => p.code === code);
  if (!found) throw new Error(`no play ${code}`);
  return found;
}
const settle = (code: string, balls: number[]) => settleMarkSix(play(code), balls);
const withSpecial = (special: number) => [
  ...[1, 2, 3, 4, 5, 6, 7, 8].filter((n) => n !== special).slice(0, 6),
  special,
];

const TWO_SIDED = ['big', 'small', 'odd', 'even', 'digitsum.big', 'digitsum.small', 'tail.big', 'tail.small'] as const;

describe('Mark Six plays', () => {
  it('lists the plays with their published default odds', () => {
    expect(PLAYS).toHaveLength(49 + 8 + 3 + 12 + 12 + 49);
    expect(new Set(PLAYS.map((p) => p.code)).size).toBe(PLAYS.length);
    expect(play('ms.special.num.49').odds).toBe(470_000);
    expect(play('ms.special.big').odds).toBe(19_600);
    expect(play('ms.special.colour.red').odds).toBe(27_500);
    expect(play('ms.special.colour.green').odds).toBe(29_000);
    expect(play('ms.special.zodiac.horse').odds).toBe(94_000); // the year's animal has five numbers
    expect(play('ms.special.zodiac.goat').odds).toBe(118_000);
    expect(play('ms.zodiac.horse').odds).toBe(17_500);
    expect(play('ms.zodiac.goat').odds).toBe(20_500);
    expect(play('ms.normal.num.7').odds).toBe(78_000);
    expect(markSixAllIn([17, 3]).odds).toBe(720_000);
    expect(markSixAllIn([3, 2, 1]).odds).toBe(8_300_000);
  });

  it('colours: 17 red, 16 blue, 16 green', () => {
    const counts = { red: 0, blue: 0, green: 0 };
    for (let n = 1; n <= 49; n += 1) counts[markSixColour(n)] += 1;
    expect(counts).toEqual({ red: 17, blue: 16, green: 16 });
    expect([1, 3, 5, 46, 48, 49].map(markSixColour)).toEqual(['red', 'blue', 'green', 'red', 'blue', 'green']);
  });

  it('special number and normal numbers', () => {
    const balls = [18, 4, 35, 27, 10, 23, 21];
    expect(settle('ms.special.num.21', balls)).toBe('win');
    expect(settle('ms.special.num.18', balls)).toBe('lose');
    expect(settle('ms.normal.num.18', balls)).toBe('win');
    expect(settle('ms.normal.num.23', balls)).toBe('win');
    expect(settle('ms.normal.num.21', balls)).toBe('lose'); // the special is not a normal number
  });

  it('two-sided special bets', () => {
    expect(settle('ms.special.big', withSpecial(25))).toBe('win');
    expect(settle('ms.special.small', withSpecial(24))).toBe('win');
    expect(settle('ms.special.big', withSpecial(24))).toBe('lose');
    expect(settle('ms.special.odd', withSpecial(21))).toBe('win');
    expect(settle('ms.special.even', withSpecial(48))).toBe('win');
    expect(settle('ms.special.digitsum.big', withSpecial(16))).toBe('win'); // 7
    expect(settle('ms.special.digitsum.small', withSpecial(15))).toBe('win'); // 6
    expect(settle('ms.special.digitsum.big', withSpecial(48))).toBe('win'); // 12
    expect(settle('ms.special.tail.big', withSpecial(45))).toBe('win');
    expect(settle('ms.special.tail.small', withSpecial(44))).toBe('win');
    expect(settle('ms.special.tail.small', withSpecial(10))).toBe('win');
  });

  it('rule 49: every two-sided special bet pushes on 49; colour and zodiac settle normally', () => {
    for (const side of TWO_SIDED) expect(settle(`ms.special.${side}`, withSpecial(49))).toBe('push');
    expect(settle('ms.special.colour.green', withSpecial(49))).toBe('win');
    expect(settle('ms.special.colour.red', withSpecial(49))).toBe('lose');
    expect(settle('ms.special.zodiac.horse', withSpecial(49))).toBe('win');
    expect(settle('ms.special.zodiac.snake', withSpecial(49))).toBe('lose');
    expect(settle('ms.special.num.49', withSpecial(49))).toBe('win');
    // 49 as a normal number changes nothing for two-sided special bets.
    expect(settle('ms.special.big', [49, 1, 2, 3, 4, 5, 30])).toBe('win');
  });

  it('special zodiac and one zodiac follow the draw date', () => {
    expect(settle('ms.special.zodiac.snake', withSpecial(38))).toBe('win');
    expect(settle('ms.special.zodiac.goat', withSpecial(12))).toBe('win');
    expect(settle('ms.zodiac.goat', [12, 1, 2, 3, 4, 5, 6])).toBe('win');
    expect(settle('ms.zodiac.goat', [1, 2, 3, 4, 5, 6, 48])).toBe('win'); // the special counts
    expect(settle('ms.zodiac.goat', [1, 2, 3, 4, 5, 6, 7])).toBe('lose');
    const before = markSixPlays('2026-02-16').find((p) => p.code === 'ms.special.zodiac.horse')!;
    expect(before.odds).toBe(118_000);
    expect(settleMarkSix(before, withSpecial(12))).toBe('win');
    expect(settleMarkSix(before, withSpecial(13))).toBe('lose');
  });

  it('two and three all-in: every chosen number among the six normal numbers', () => {
    const balls = [18, 4, 35, 27, 10, 23, 21];
    expect(settleMarkSix(markSixAllIn([4, 18]), balls)).toBe('win');
    expect(settleMarkSix(markSixAllIn([4, 21]), balls)).toBe('lose');
    expect(settleMarkSix(markSixAllIn([35, 4, 23]), balls)).toBe('win');
    expect(settleMarkSix(markSixAllIn([35, 4, 21]), balls)).toBe('lose');
    expect(markSixAllIn([17, 3]).code).toBe('ms.all2.3-17');
    expect(markSixAllIn([3, 17, 1]).code).toBe('ms.all3.1-3-17');
    expect(() => markSixAllIn([3])).toThrow(PlayError);
    expect(() => markSixAllIn([3, 3])).toThrow(PlayError);
    expect(() => markSixAllIn([1, 2, 3, 4])).toThrow(PlayError);
    expect(() => markSixAllIn([0, 50])).toThrow(PlayError);
  });
});
