import { z } from 'zod';
import { EXCLUSION_KINDS, excludeRequest, type ExcludeRequest, type ExclusionChoice } from '@fairdraw/contract';
import { issue } from '../../../lib/forms.ts';

export type ExcludeValues = { kind: ExcludeRequest['kind'] | null; password: string; confirm: boolean };
export const EXCLUDE_FIELDS = ['kind', 'password', 'confirm'] as const;
export const EMPTY_EXCLUDE: ExcludeValues = { kind: null, password: '', confirm: false };

/**
 * Typed values → the exclusion request, one message at a time in the server's order: a length that may be chosen
 * now (`choices` is react-hook-form's context), the login password, then the contract's excludeRequest (the
 * confirmation box: EXCLUSION_CONFIRM_REQUIRED).
 */
export const excludeSchema = ({ choices }: { choices: readonly ExclusionChoice[] }) =>
  z
    .object({ kind: z.enum(EXCLUSION_KINDS).nullable(), password: z.string(), confirm: z.boolean() })
    .transform((v, ctx): ExcludeRequest => {
      const chosen = choices.find((c) => c.kind === v.kind && c.allowed);
      if (!chosen) return (issue(ctx, 'protection.chooseFirst', 'kind'), z.NEVER);
      if (!v.password) return (issue(ctx, 'REQUIRED_FIELDS', 'password'), z.NEVER);
      // `confirm: false` is passed on for the contract to refuse.
      return { kind: chosen.kind, password: v.password, confirm: v.confirm as true };
    })
    .pipe(excludeRequest);
