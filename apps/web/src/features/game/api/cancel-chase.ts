import { API, type Chase } from '@fairdraw/contract';
import { IDEMPOTENCY_HEADER } from '@fairdraw/contract/values';
import { apiRequest } from '../../../lib/api-client.ts';

/** Cancel a chase: the periods not placed yet go back to the balance. */
export const cancelChase = (id: number, key: string) =>
  apiRequest<Chase>(API.chaseCancel, { method: 'POST', body: { id }, headers: { [IDEMPOTENCY_HEADER]: key } });
