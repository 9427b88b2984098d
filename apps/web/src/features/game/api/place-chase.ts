import { API, type Chase, type ChaseRequest } from '@fairdraw/contract';
import { IDEMPOTENCY_HEADER } from '@fairdraw/contract/values';
import { apiRequest } from '../../../lib/api-client.ts';

/** Place a chase (the whole stake is taken now); `key` makes a retry of the same chase a no-op at the server. */
export const placeChase = (body: ChaseRequest, key: string) =>
  apiRequest<Chase>(API.chase, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } });
