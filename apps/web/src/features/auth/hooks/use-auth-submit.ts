import { useNavigate } from 'react-router';
import { useSubmit } from '../../../lib/use-submit.ts';
import { PATHS } from '../../../app/routes.ts';

export type { FormErrorState } from '../../../lib/use-submit.ts';

/** The login and register forms: run a call and go Home on success (errors as in useSubmit). */
export function useAuthSubmit(fieldOf?: (apiField: string | undefined) => string | undefined) {
  const navigate = useNavigate();
  const { error, setError, busy, run: runCall, invalid } = useSubmit(fieldOf);
  const run = (call: () => Promise<unknown>) => runCall(call, () => void navigate(PATHS.home, { replace: true }));
  return { error, setError, busy, run, invalid };
}
