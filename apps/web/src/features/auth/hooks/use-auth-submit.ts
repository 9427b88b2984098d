import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';

export type FormErrorState = { text: string; field?: string } | null;

/**
 * The shared life of the login and register forms: run a call, go Home on success, otherwise show the API's
 * translated `msg` (or the offline text when there was no answer). Codes 301 and 401 have already navigated.
 */
export function useAuthSubmit(fieldOf: (apiField: string | undefined) => string | undefined = (f) => f) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<FormErrorState>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      void navigate('/', { replace: true });
    } catch (e) {
      if (!(e instanceof ApiError)) setError({ text: t('common.offline') });
      else if (e.code !== 301 && e.code !== 401) setError({ text: e.message, field: fieldOf(e.field) });
    } finally {
      setBusy(false);
    }
  };

  const invalid = (field: string) => error?.field === field;
  return { error, setError, busy, run, invalid };
}
