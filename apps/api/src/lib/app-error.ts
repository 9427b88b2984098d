import { ERRORS, formatMoney } from '@fairdraw/contract';
import { exponentOf } from '@fairdraw/domain';
import type { ErrorKey, Lang } from '@fairdraw/contract';

/** A message parameter: a value, or one told differently in each language (a date, say). */
export type MessageParam = string | number | ((lang: Lang) => string);

/** An amount as a message names it: with the currency, as each language's screens write money. */
export const moneyParam =
  (minor: number, currency: string): MessageParam =>
  (lang) =>
    formatMoney(minor, currency, exponentOf(currency), lang);

/**
 * An error the player may see: a stable key (its HTTP status comes from the contract's ERRORS map), interpolation
 * parameters for the translated message, and for validation the failing field.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly statusCode: number;
  readonly params: Record<string, MessageParam>;
  readonly field: string | undefined;

  constructor(key: ErrorKey, options: { params?: Record<string, MessageParam>; field?: string; cause?: unknown } = {}) {
    super(key, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.key = key;
    this.statusCode = ERRORS[key];
    this.params = options.params ?? {};
    this.field = options.field;
  }
}
