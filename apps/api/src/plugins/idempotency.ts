/**
 * Idempotency keys for money-moving POSTs (docs/trust.md 6; Stripe's and the IETF draft's model), exactly once across
 * crashes: the key is claimed, the work done and the answer stored in ONE database transaction.
 *
 * Usage — the route hands its service a `commit` that opens the transaction the service commits its work in:
 *
 *   app.post(API.withdrawSubmit, { preValidation: [app.requireSession, app.requirePlayer], schema: { headers:
 *     idempotentHeaders, body: withdrawRequest, response: { 200: envelope(withdrawal), … } } },
 *     (request, reply) => app.exactlyOnce(request, reply, (commit) => withdraw.submit(app.db, …, { commit })));
 *
 * The service runs its checks (outside any transaction, as before), then `await commit(async (trx) => { …; return
 * answerData; })` once, as its last step, instead of `db.transaction().execute(…)`. `commit`, per user and
 * `idempotency-key` header (optional; without it the request simply runs in a plain transaction):
 *   0. locks the player's row (db/player-lock.ts: the one lock order, player's row first — modules/ledger/README.md);
 *   1. claims the key in the transaction (INSERT … ON CONFLICT DO NOTHING). A concurrent request with the same key
 *      waits on the primary key until this transaction ends, then finds the key taken: its transaction rolls back
 *      before any work and it answers what this one stored;
 *   2. runs the work (the money moves);
 *   3. serializes the answer envelope with the route's own response serializer — the exact text that is sent — and
 *      stores that text with the key (a text column: jsonb would reorder the keys);
 *   4. commits; then the stored text is sent as it is.
 * So a crash anywhere before the commit leaves neither money moved nor key (the retry runs afresh), and anywhere
 * after it leaves both, with the answer (the retry gets it back byte for byte). Fault points (lib/fault-point.ts)
 * let the crash tests kill the process at each of these steps.
 *
 * Before step 1, a key already answered replays its stored text (status, content-type and bytes as first sent,
 * header `idempotent-replayed: true`) and nothing runs; the same key with another request (method, route, body) →
 * 422 IDEMPOTENCY_KEY_REUSED; a malformed key → 400 IDEMPOTENCY_KEY_INVALID. A key claimed by an earlier version of
 * this code and never answered (status in_flight, committed alone) → 409 IDEMPOTENCY_IN_FLIGHT: whether its money
 * moved cannot be known, so it is never run again (it is purged with the other keys after a week).
 *
 * A refusal (4xx) the service decides is stored under the key too, so a retry is refused alike (docs/trust.md 6) — in a
 * second step, after the work's transaction has rolled back (see recordRefusal). A 5xx stores nothing.
 * Body validation runs before the handler, so a schema-invalid body is answered 400 without touching the key.
 * POST /api/game/bet claims its key in the slip batch's own SQL transaction instead (bets/slip-batch.ts), with
 * idempotencyOf and storedAnswer; a placed slip's answer text is stored with the claim in that transaction, a
 * refusal's after the batch (storeAnswerTexts) before it is sent, so its replays are byte for byte too. Keys are
 * kept a week (IDEMPOTENCY_RETENTION_MS), then purged
 * by the leader job this plugin registers (purgeExpiredKeys; plugins/jobs.ts).
 */
import { hash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, idempotencyKey, resolveLang } from '@fairdraw/contract';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { playerTransaction } from '../db/player-lock.ts';
import { inTransaction } from '../lib/commit.ts';
import type { Commit } from '../lib/commit.ts';
import type { IdempotencyClaim } from '../lib/idempotency-claim.ts';
import { AppError } from '../lib/app-error.ts';
import { crashIf, sendHalfThenCrash } from '../lib/fault-point.ts';
import { sessionHeaders } from '../lib/schemas.ts';
import { classifyError, errorBody } from './errors.ts';
import * as repo from './idempotency.repository.ts';
import type { KeyRow } from './idempotency.repository.ts';

// Routes take these from here with the plugin; services from lib/ (they depend on no plugin file).
export { inTransaction };
export type { Commit, IdempotencyClaim };

/** Route headers of an idempotent POST, for validation and the OpenAPI document. */
export const idempotentHeaders = sessionHeaders.extend({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe('8–128 letters, digits, _ or -; the same key replays the first answer'),
});

/**
 * How long a key is kept (Stripe keeps them a day): long past any client's retries, and past the close of any
 * period a bet can be placed on, so a bet retried later would be refused anyway.
 */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 3_600_000;

/** Deletes up to `limit` keys older than the retention, oldest first (the scheduler's settle loop). */
export function purgeExpiredKeys(db: Db, limit = 10_000): Promise<number> {
  return repo.deleteKeysOlderThan(db, IDEMPOTENCY_RETENTION_MS, limit);
}

/** The request's key (null without the header); a malformed key → 400 IDEMPOTENCY_KEY_INVALID. */
export function idempotencyOf(request: FastifyRequest): IdempotencyClaim | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  const parsed = idempotencyKey.safeParse(header);
  if (!parsed.success) throw new AppError('IDEMPOTENCY_KEY_INVALID', { field: IDEMPOTENCY_HEADER });
  return { key: parsed.data, hash: requestHash(request) };
}

/**
 * What a key already claimed answers with: the exact text it was first answered with (`text`, with its status), or,
 * for a bet's key whose text is not stored (yet), the slip it placed or the refusal it recorded.
 */
export type StoredAnswer =
  { status: number; text: string } | { betId: number; text: null } | { status: number; body: unknown; text: null };

/**
 * The answer stored under a key already claimed by this user, or null if there is none (a first try that failed
 * gave it back a moment ago). The same key with another request → 422 IDEMPOTENCY_KEY_REUSED; still running →
 * 409 IDEMPOTENCY_IN_FLIGHT.
 */
export async function storedAnswer(db: Db, userId: number, claim: IdempotencyClaim): Promise<StoredAnswer | null> {
  const existing = await repo.findKey(db, userId, claim.key);
  if (!existing) return null;
  checkSameRequest(existing, claim);
  if (existing.response_text !== null && existing.response_status !== null) {
    return { status: existing.response_status, text: existing.response_text };
  }
  if (existing.bet_id !== null) return { betId: existing.bet_id, text: null };
  if (existing.status !== 'done' || existing.response_status === null) throw new AppError('IDEMPOTENCY_IN_FLIGHT');
  return { status: existing.response_status, body: existing.response_body, text: null };
}

/** Stores the texts bets' keys were first refused with (bets.routes.ts, in batches); a text stored stays. */
export function storeAnswerTexts(
  db: Db,
  rows: readonly { userId: number; key: string; text: string }[],
): Promise<void> {
  return repo.storeTexts(db, rows);
}

/** The text and status a refusal is answered with: what the error handler (errors.ts) would send, byte for byte. */
export function refusalText(
  app: FastifyInstance,
  request: FastifyRequest,
  err: unknown,
): { status: number; text: string } {
  const c = classifyError(err);
  return { status: c.status, text: JSON.stringify(errorBody(c, resolveLang(request.headers.lang), app.translate)) };
}

/** Sends a stored or just-stored answer text as it is (status, JSON content type); a replay says so. */
export function sendText(reply: FastifyReply, status: number, text: string, replayed: boolean): FastifyReply {
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(status).type(JSON_TYPE).send(text);
}

function checkSameRequest(existing: KeyRow, claim: IdempotencyClaim): void {
  if (existing.request_hash !== claim.hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', { field: IDEMPOTENCY_HEADER });
}

/** The request's fingerprint: method, route and body (as validated). */
export function requestHash(request: FastifyRequest): string {
  return hashRequest(request.method, request.routeOptions.url ?? request.url, request.body ?? null);
}

export function hashRequest(method: string, route: string, body: unknown): string {
  return hash('sha256', JSON.stringify([method, route, body]), 'hex');
}

/** The content type of every JSON answer (Fastify's default for reply.send of an object, and of sendError). */
const JSON_TYPE = 'application/json; charset=utf-8';

/** The key was claimed by another request with it meanwhile (its transaction committed first). */
class KeyTaken extends Error {
  constructor() {
    super('idempotency key taken meanwhile');
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a money-moving POST exactly once per `idempotency-key` (see plugins/idempotency.ts): `run` is given
     * the `commit` its service must do its work in.
     */
    exactlyOnce: <T>(
      request: FastifyRequest,
      reply: FastifyReply,
      run: (commit: Commit) => Promise<T>,
    ) => Promise<void>;
  }
}

export default fp(
  (app, _opts, done) => {
    const armed = app.config.faultPoint;
    // Housekeeping on the leader (plugins/jobs.ts): idempotency keys past their retention, on every beat.
    app.leaderJobs.add({
      name: 'idempotency-purge',
      everyMs: 0,
      run: async (db) => {
        const purged = await purgeExpiredKeys(db);
        return purged > 0 ? { purged } : undefined;
      },
    });

    const send = (reply: FastifyReply, status: number, text: string) => reply.code(status).type(JSON_TYPE).send(text);

    /** Sends what the key answered (after the same-request check); a key without an answer → 409 in flight. */
    const replay = (reply: FastifyReply, claim: IdempotencyClaim, row: KeyRow | undefined): FastifyReply => {
      if (row) checkSameRequest(row, claim);
      if (!row || row.status !== 'done' || row.response_status === null) throw new AppError('IDEMPOTENCY_IN_FLIGHT');
      // Answers stored before migration 0015 have only the jsonb body: the same JSON, keys perhaps reordered.
      const text = row.response_text ?? JSON.stringify(row.response_body);
      return send(reply.header('idempotent-replayed', 'true'), row.response_status, text);
    };

    app.decorate(
      'exactlyOnce',
      async <T>(request: FastifyRequest, reply: FastifyReply, run: (commit: Commit) => Promise<T>): Promise<void> => {
        await answer(request, reply, run);
      },
    );

    async function answer<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      run: (commit: Commit) => Promise<T>,
    ): Promise<FastifyReply> {
      const claim = idempotencyOf(request);
      if (!claim) return reply.ok(await run(inTransaction(app.db, request.user?.id ?? null)));
      if (!request.user) throw new AppError('LOGIN_REQUIRED');
      const userId = request.user.id;
      const earlier = await repo.findKey(app.db, userId, claim.key);
      if (earlier) return replay(reply, claim, earlier);

      let committed: string | undefined;
      const commit: Commit = async (work) => {
        if (committed !== undefined) throw new Error('exactlyOnce: a service commits once');
        // The player's row first, then the key (db/player-lock.ts): the one lock order of every transaction that
        // touches a player, so two requests of his queue on his row rather than deadlock on it.
        const done = await playerTransaction(app.db, userId, async (trx) => {
          if (!(await repo.claimKey(trx, userId, claim.key, claim.hash))) throw new KeyTaken();
          crashIf(armed, 'idempotency.claimed');
          const data = await work(trx);
          // The route's own response serializer, as reply.ok would use it: these are the bytes that are sent.
          const text = reply.code(200).serialize({ code: 200, msg: 'success', data });
          if (typeof text !== 'string') throw new Error('exactlyOnce: the answer did not serialize to text');
          await repo.storeAnswer(trx, userId, claim.key, 200, text);
          crashIf(armed, 'idempotency.moved');
          return { data, text };
        });
        committed = done.text;
        crashIf(armed, 'idempotency.committed');
        return done.data;
      };

      try {
        await run(commit);
      } catch (err) {
        if (err instanceof KeyTaken) return replay(reply, claim, await repo.findKey(app.db, userId, claim.key));
        // Committed, then failed (no service should): the key answers with what it committed, so does this request.
        if (committed !== undefined) return send(reply, 200, committed);
        return recordRefusal(request, reply, userId, claim, err);
      }
      if (committed === undefined) throw new Error('exactlyOnce: the service returned without committing');
      if (armed === 'idempotency.sending') {
        reply.hijack();
        sendHalfThenCrash(reply.raw, 200, JSON_TYPE, committed);
        return reply;
      }
      return send(reply, 200, committed);
    }

    /**
     * A refusal (4xx) is recorded under the key after the work's transaction rolled back, in a statement of its own,
     * rather than inside that transaction (under a savepoint): most refusals are decided before any transaction (the
     * checks, the fund password, whose failed attempt must stay counted), and a refusal moves no money, so recording
     * it apart can neither lose nor repeat a movement — a crash before it leaves no key, and the retry just runs
     * again. If another request with the key committed first, the key keeps that answer and this one replays it.
     * A 5xx is not recorded: the request may be retried.
     */
    async function recordRefusal(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: number,
      claim: IdempotencyClaim,
      err: unknown,
    ): Promise<FastifyReply> {
      const c = classifyError(err);
      if (c.status >= 500) throw err;
      request.log.info({ key: c.key, field: c.field }, 'request refused');
      // What the error handler (errors.ts) would send, byte for byte.
      const { text } = refusalText(app, request, err);
      if (await repo.recordAnswer(app.db, userId, claim.key, claim.hash, c.status, text)) {
        return send(reply, c.status, text);
      }
      return replay(reply, claim, await repo.findKey(app.db, userId, claim.key));
    }
    done();
  },
  { name: 'idempotency', dependencies: ['config', 'db', 'i18n', 'errors', 'auth', 'jobs'] },
);
