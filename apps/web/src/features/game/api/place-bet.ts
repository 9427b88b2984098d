import { API, type BetRequest, type BetSlip } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '@fairdraw/contract/values';

/** Place one bet slip; `key` makes a retry of the same slip a no-op at the server. */
export const placeBet = (body: BetRequest, key: string) =>
  apiRequest<BetSlip>(API.bet, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } });
