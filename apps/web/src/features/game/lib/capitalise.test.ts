import { describe, expect, it } from 'vitest';
import { capitalise } from './capitalise.ts';

describe('capitalise', () => {
  it('starts a label with a capital where the script has case, and leaves the others as they are', () => {
    expect(capitalise('car 3', 'en')).toBe('Car 3');
    expect(capitalise('ímpar', 'pt')).toBe('Ímpar');
    expect(capitalise('xỉu', 'vi')).toBe('Xỉu');
    expect(capitalise('รถ 3', 'th')).toBe('รถ 3');
    expect(capitalise('大', 'zh-cn')).toBe('大');
    expect(capitalise('', 'en')).toBe('');
  });
});
