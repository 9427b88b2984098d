import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.ts';

describe('loggerOptions', () => {
  it('formats with pino-pretty at a terminal', () => {
    expect(loggerOptions('info', true)).toMatchObject({ level: 'info', transport: { target: 'pino-pretty' } });
  });

  it('writes JSON lines elsewhere, and starts no formatter when silent', () => {
    expect(loggerOptions('info', false)).toEqual({ level: 'info' });
    expect(loggerOptions('silent', true)).toEqual({ level: 'silent' });
  });
});
