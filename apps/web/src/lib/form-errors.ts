import type { ErrorOption, FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

// The words of a form's errors (no react-hook-form or zod at run time: every Field imports this). An error's
// `message` is a machine key: a contract error key (catalogue namespace `errors`) or a web key with a dot.

/** Where an error that names no field of the form is kept (shown by FormError above the submit button). */
export const FORM_ERROR = 'root.server';

/**
 * What a failed call means for a form: the field the API named (or none) and the error to show, or null when
 * there is nothing to show (codes 301 and 401 have already navigated). The API's `msg` is the same catalogue
 * entry in the same language, filled in with values only the server knows (attempts left, minutes …), so it is
 * kept beside the key and shown instead of the bare catalogue text.
 */
export function serverError(e: unknown): { field: string | undefined; error: ErrorOption } | null {
  if (!(e instanceof ApiError)) return { field: undefined, error: { type: 'server', message: 'common.offline' } };
  if (e.code === 301 || e.code === 401) return null;
  return { field: e.field, error: { type: 'server', message: e.key, types: { server: e.message } } };
}

/**
 * Puts a failed call's error on the form: under its field when the API names one of `fields`, else on the form
 * (FORM_ERROR). `setError` is react-hook-form's.
 */
export function reportServerError<Name extends string>(
  setError: (name: Name | typeof FORM_ERROR, error: ErrorOption) => void,
  e: unknown,
  fields: readonly Name[],
): void {
  const found = serverError(e);
  if (!found) return;
  const field = fields.find((f) => f === found.field);
  setError(field ?? FORM_ERROR, found.error);
}

export type ErrorLike = Pick<FieldError, 'message' | 'types'> | null | undefined;

/**
 * The text of an error: the API's own `msg` when it came from the API; a web text for a key with a dot
 * (`common.offline`); else the contract catalogue's (namespace `errors`), filled in with `values`.
 */
export function errorText(t: TFunction, error: ErrorLike, values: Record<string, string> = {}): string | null {
  const key = error?.message;
  if (!key) return null;
  const server = error.types?.server;
  if (typeof server === 'string' && server) return server;
  if (key.includes('.')) return t(key, values);
  return t([`errors:${key}`, 'errors:VALIDATION_FAILED'], values);
}
