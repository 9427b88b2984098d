import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvNumber } from './csv.ts';

describe('csv cells', () => {
  it('neutralises a cell that a spreadsheet would read as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+66')).toBe("'+66");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('quotes commas, quotes and line breaks, and leaves plain text (Thai included) alone', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('ฝากเงินเข้า')).toBe('ฝากเงินเข้า');
  });

  it('writes the server’s own decimals as numbers, anything else as neutralised text', () => {
    expect(csvNumber('-1234.50')).toBe('-1234.50');
    expect(csvNumber('5000')).toBe('5000');
    expect(csvNumber('-1+1')).toBe("'-1+1");
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });
});
