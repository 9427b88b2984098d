import { API, type BetSlip } from '@fairdraw/contract';
import { IDEMPOTENCY_HEADER } from '@fairdraw/contract/values';
import { apiRequest } from '../../../lib/api-client.ts';

/** Cancel one of the player's slips before its period's seal; `key` makes a retry a no-op at the server. */
export const cancelBet = (id: number, key: string) =>
  apiRequest<BetSlip>(API.betCancel, { method: 'POST', body: { id }, headers: { [IDEMPOTENCY_HEADER]: key } });
