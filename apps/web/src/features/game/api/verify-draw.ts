import { API, type VerifyRecord } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** What a player needs to recompute one draw (seed, commitment, result). */
export const verifyDraw = (gameId: number, issue: string) =>
  apiRequest<VerifyRecord>(API.verify, { query: { games_id: gameId, issue } });
