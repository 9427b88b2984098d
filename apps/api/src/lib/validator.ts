import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { unstorableTextPath } from '@fairdraw/contract';
import type { ZodType } from 'zod';
import { AppError } from './app-error.ts';

/**
 * The routes' validator: the contract's rule for text (`unstorableTextPath`: no NUL, no unpaired surrogate), then
 * the route's zod schema. The text rule is checked here, once, for every part of every request that has a schema —
 * body, query string, path parameters and headers alike — rather than in each schema: a field added tomorrow is
 * covered without anyone remembering a refinement, and the walk sees the value before zod transforms it. The
 * refusal is 400 VALIDATION_FAILED naming the field.
 */
export const storableValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const bad = unstorableTextPath(data);
    if (bad !== null) return { error: new AppError('VALIDATION_FAILED', bad === '' ? {} : { field: bad }) };
    return validate(data);
  };
};
