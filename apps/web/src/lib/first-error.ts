import type { FieldErrors, FieldValues } from 'react-hook-form';
import { FORM_ERROR, type ErrorLike } from './form-errors.ts';

/**
 * The one error a form that shows a single message (above its submit button) shows: the first of `fields`, in the
 * order the server checks them, that has an error, else the form's own (FORM_ERROR); null when there is none.
 */
export function firstError<V extends FieldValues>(
  errors: FieldErrors<V>,
  fields: readonly string[],
): { field: string | null; error: ErrorLike } | null {
  const all = errors as Record<string, ErrorLike>;
  const field = fields.find((f) => all[f]?.message);
  if (field) return { field, error: all[field] };
  const root = (errors.root as Record<string, ErrorLike> | undefined)?.[FORM_ERROR.slice('root.'.length)];
  return root?.message ? { field: null, error: root } : null;
}
