import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { AddPayoutMethodRequest } from '@fairdraw/contract';
import { reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { useAddPayout } from '../api/add-payout.ts';

/**
 * An "add a payout method" form: react-hook-form on `schema`, sending through the add-payout call; an API error
 * goes under the field it names (one of `fields`), else above the button. `onDone` runs after the method is added (with the form, e.g. to empty it).
 */
export function usePayoutForm<V extends FieldValues>(
  schema: z.ZodType<AddPayoutMethodRequest, V>,
  defaultValues: DefaultValues<V>,
  fields: readonly Path<V>[],
  onDone: (form: UseFormReturn<V, undefined, AddPayoutMethodRequest>) => void,
) {
  const add = useAddPayout();
  const form = useForm<V, undefined, AddPayoutMethodRequest>({
    resolver: contractResolver(() => schema),
    defaultValues,
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await add.mutateAsync(body);
      onDone(form);
    } catch (e) {
      reportServerError(form.setError, e, fields);
    }
  });
  return { form, onSubmit };
}
