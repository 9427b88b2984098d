/**
 * Idempotency keys for money-moving POSTs (trust.md 6; Stripe's and the IETF draft's model).
 *
 * Usage — one line: `preHandler: app.idempotent` (it runs after validation and needs request.user, so the session
 * check goes in preValidation, which also settles who may call before the body is looked at):
 *
 *   app.post(API.withdrawSubmit, {
 *     preValidation: [app.requireSession, app.requirePlayer],
 *     preHandler: app.idempotent,
 *     schema: { headers: idempotentHeaders, body: withdrawRequest, response: { ... } },
 *   }, async (request, reply) => reply.ok(await withdraw.submit(app.db, request.user!, request.body)));
 *
 * Behaviour, per user and `idempotency-key` header (optional; without it the request simply runs):
 * - malformed key → 400 IDEMPOTENCY_KEY_INVALID;
 * - first use: the key is claimed by an INSERT (the primary key decides between concurrent requests), the handler
 *   runs, and its final status and body are stored — 2xx and 4xx alike, so a retry of a refused request gets the
 *   same refusal. A 5xx deletes the claim so the request can be retried;
 * - same key, same request (method, route, body) and done → the stored status and body, nothing runs again
 *   (header `idempotent-replayed: true`);
 * - same key, different request → 422 IDEMPOTENCY_KEY_REUSED;
 * - same key while the first is still running → 409 IDEMPOTENCY_IN_FLIGHT. A claim left in flight for longer than
 *   IN_FLIGHT_EXPIRY_MS (a crashed process) may be taken over.
 * Body validation runs before preHandlers, so a schema-invalid body is answered 400 without touching the key.
 * POST /api/game/bet claims its key in the slip's own transaction instead (bets/slip-batch.ts), with these helpers.
 * Keys are kept a week (IDEMPOTENCY_RETENTION_MS), then purged by the scheduler's settle loop (purgeExpiredKeys).
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, idempotencyKey } from '@fairdraw/contract';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { sessionHeaders } from '../lib/schemas.ts';

/** Route headers of an idempotent POST, for validation and the OpenAPI document. */
export const idempotentHeaders = sessionHeaders.extend({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe('8–128 letters, digits, _ or -; the same key replays the first answer'),
});

export const IN_FLIGHT_EXPIRY_MS = 5 * 60_000;

/**
 * How long a key is kept (Stripe keeps them a day): long past any client's retries, and past the close of any
 * period a bet can be placed on, so a bet retried later would be refused anyway.
 */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * Deletes up to `limit` keys older than the retention, oldest first (the scheduler's settle loop); returns how many.
 * Age is measured on the database's clock, the one that stamped created_at.
 */
export async function purgeExpiredKeys(db: Db, limit = 10_000): Promise<number> {
  const result = await sql`
    delete from idempotency_keys where (user_id, key) in (
      select user_id, key from idempotency_keys
      where created_at < now() - make_interval(secs => ${IDEMPOTENCY_RETENTION_MS / 1000})
      order by created_at limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

type Claim = { userId: number; key: string };

/** A request's idempotency key and the fingerprint of the request it was sent with. */
export type IdempotencyClaim = { key: string; hash: string };

/** The request's key (null without the header); a malformed key → 400 IDEMPOTENCY_KEY_INVALID. */
export function idempotencyOf(request: FastifyRequest): IdempotencyClaim | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  const parsed = idempotencyKey.safeParse(header);
  if (!parsed.success) throw new AppError('IDEMPOTENCY_KEY_INVALID', { field: IDEMPOTENCY_HEADER });
  return { key: parsed.data, hash: requestHash(request) };
}

/** What a key already claimed answers with: the bet slip it placed, or a stored status and body. */
export type StoredAnswer = { betId: number } | { status: number; body: unknown };

/**
 * The answer stored under a key already claimed by this user, or null if there is none (a first try that failed
 * gave it back a moment ago). The same key with another request → 422 IDEMPOTENCY_KEY_REUSED; still running →
 * 409 IDEMPOTENCY_IN_FLIGHT.
 */
export async function storedAnswer(db: Db, userId: number, claim: IdempotencyClaim): Promise<StoredAnswer | null> {
  const existing = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  if (!existing) return null;
  if (existing.request_hash !== claim.hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', { field: IDEMPOTENCY_HEADER });
  if (existing.bet_id !== null) return { betId: existing.bet_id };
  if (existing.status !== 'done' || existing.response_status === null) throw new AppError('IDEMPOTENCY_IN_FLIGHT');
  return { status: existing.response_status, body: existing.response_body };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler that makes a POST idempotent by its `idempotency-key` header (see plugins/idempotency.ts). */
    idempotent: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  }
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

/** The request's fingerprint: method, route and body (as validated). */
export function requestHash(request: FastifyRequest): string {
  return hashRequest(request.method, request.routeOptions.url ?? request.url, request.body ?? null);
}

export function hashRequest(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, route, body]))
    .digest('hex');
}

export default fp(
  (app, _opts, done) => {
    app.decorateRequest('idempotencyClaim', null);

    app.decorate('idempotent', async (request: FastifyRequest, reply: FastifyReply) => {
      const claim = idempotencyOf(request);
      if (!claim) return undefined;
      if (!request.user) throw new AppError('LOGIN_REQUIRED');
      const userId = request.user.id;
      const { key, hash } = claim;
      const expiry = new Date(Date.now() - IN_FLIGHT_EXPIRY_MS);

      // The claim: exactly one of any number of concurrent requests inserts (or takes over an abandoned claim).
      const claimed = await app.db
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          key,
          request_hash: hash,
          status: 'in_flight',
          response_status: null,
          response_body: null,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'key'])
            .doUpdateSet({ request_hash: hash, created_at: sql`now()` } as never)
            .where('idempotency_keys.status', '=', 'in_flight')
            .where('idempotency_keys.created_at', '<', expiry),
        )
        .returning('key')
        .executeTakeFirst();
      if (claimed) {
        request.idempotencyClaim = { userId, key };
        return undefined;
      }
      const stored = await storedAnswer(app.db, userId, claim);
      if (!stored || 'betId' in stored) throw new AppError('IDEMPOTENCY_IN_FLIGHT'); // released a moment ago
      return reply
        .code(stored.status)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .serializer(JSON.stringify)
        .send(stored.body);
    });

    // Stores the final answer before it is sent, so a retry that follows the answer always finds it.
    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      let body: unknown = null;
      try {
        body = typeof payload === 'string' ? JSON.parse(payload) : null;
      } catch {
        body = null;
      }
      if (reply.statusCode >= 500 || body === null) {
        await app.db
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', claim.userId)
          .where('key', '=', claim.key)
          .execute();
        return payload;
      }
      await app.db
        .updateTable('idempotency_keys')
        .set({ status: 'done', response_status: reply.statusCode, response_body: JSON.stringify(body) })
        .where('user_id', '=', claim.userId)
        .where('key', '=', claim.key)
        .execute();
      return payload;
    });
    done();
  },
  { name: 'idempotency', dependencies: ['db', 'errors', 'auth'] },
);
