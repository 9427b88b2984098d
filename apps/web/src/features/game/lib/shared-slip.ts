/**
 * A slip shared as a link: the plays and stakes only (never who placed it), in the game route's `slip` query
 * parameter, e.g. `?type=df_pk10_3&category_id=3&slip=pk10.pos1.num3~1000,ms.all2~500~3-17`. Each line is the
 * play's code as the game lists it, the stake in minor units and, for a Mark Six all-in, its numbers. Reading a link
 * (zod) is lib/read-shared-slip.ts, loaded only when a link carries one.
 */
export const SHARE_PARAM = 'slip';

export type SharedLine = { code: string; amount: number; numbers?: number[] };

/** Lines → the `slip` parameter's text. */
export function encodeSharedSlip(lines: readonly SharedLine[]): string {
  return lines
    .map((l) =>
      [l.code, String(l.amount), ...(l.numbers && l.numbers.length > 0 ? [l.numbers.join('-')] : [])].join('~'),
    )
    .join(',');
}

/** The code a game lists for a placed item: an all-in's full code (`ms.all2.3-17`) is listed as its template. */
export function listedCode(code: string, numbers: readonly number[] | null): string {
  return numbers && numbers.length > 0 ? code.replace(/\.\d{1,2}(?:-\d{1,2})+$/, '') : code;
}
