import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';

export type FormErrorState = { text: string; field?: string } | null;

/**
 * The shared life of a form: run a call, then `onDone`; otherwise show the API's translated `msg` (under its field
 * when the API names one) or the offline text when there was no answer. Codes 301 and 401 have already navigated.
 */
export function useSubmit(fieldOf: (apiField: string | undefined) => string | undefined = (f) => f) {
  const { t } = useTranslation();
  const [error, setError] = useState<FormErrorState>(null);
  const [busy, setBusy] = useState(false);

  const run = async <T>(call: () => Promise<T>, onDone?: (result: T) => void): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const result = await call();
      onDone?.(result);
      return true;
    } catch (e) {
      if (!(e instanceof ApiError)) setError({ text: t('common.offline') });
      else if (e.code !== 301 && e.code !== 401) setError({ text: e.message, field: fieldOf(e.field) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const invalid = (field: string) => error?.field === field;
  /** The message for one field (shown under it), or null. */
  const fieldError = (field: string) => (error?.field === field ? error.text : null);
  /** The message for the form as a whole (shown above the submit button) when it names no known field. */
  const formError = (knownFields: readonly string[]) =>
    error && !(error.field && knownFields.includes(error.field)) ? error.text : null;
  return { error, setError, busy, run, invalid, fieldError, formError };
}
