import fp from 'fastify-plugin';
import { Histogram } from 'prom-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  betCancelRequest,
  betListQuery,
  betRequest,
  betSlip,
  envelope,
  paged,
  periodVoidRequest,
  periodVoidResult,
} from '@fairdraw/contract';
import { AppError } from '../../lib/app-error.ts';
import { errors, sessionHeaders } from '../../lib/schemas.ts';
import { operatorRoute } from '../../lib/route-builders.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import {
  idempotencyOf,
  idempotentHeaders,
  refusalText,
  sendText,
  storeAnswerTexts,
  storedAnswer,
} from '../../plugins/idempotency.ts';
import { actorOf } from '../../lib/route-helpers.ts';
import { logRefusal } from '../../lib/logger.ts';
import { createBatchQueue } from '../../lib/batch-queue.ts';
import { createBetCatalog } from './bet-catalog.ts';
import { idsInBlocks } from './slip-ids.ts';
import * as bets from './bets.service.ts';
import { IdempotentReplay, isBatchRefusal, refusalError } from './slip-batch.ts';
import type { PreparedSlip, RecordedRefusal } from './slip-batch.ts';
import { voidPeriod } from './settlement.service.ts';
import { cancelSlip } from './cancel.service.ts';

/** A key's first answer text, to be stored with it. */
type AnswerText = { userId: number; key: string; text: string };

/** A player (cash) or a guest (demo); operators have no wallet to bet from. */
function bettorOf(request: FastifyRequest): SessionUser {
  const user = request.user;
  if (!user) throw new AppError('LOGIN_REQUIRED');
  if (user.role === 'operator') throw new AppError('FORBIDDEN');
  return user;
}

function betsPlugin(root: FastifyInstance, _opts: unknown, done: (err?: Error) => void): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Slips from every player are committed in batches (slip-batch.ts): a batch is a single round trip, and while it
  // runs the next one gathers. A second batch runs beside it only once BATCH_SECOND_AT slips wait (about +20 % bets
  // per second at 64 and 128 in flight where commits are fast, +6–9 % on a machine whose CPU is slow); started as
  // soon as one slip waited, two batches halved the batches and placed fewer bets per second (bench/README.md).
  const BATCH_SECOND_AT = 32;
  const batchSlips = new Histogram({
    name: 'bet_batch_slips',
    help: 'Bet slips per committed batch',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [app.metrics],
  });
  const batchSeconds = new Histogram({
    name: 'bet_batch_seconds',
    help: 'Time to commit one batch of bet slips',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [app.metrics],
  });
  // The slips' ids are drawn ahead in blocks (slip-ids.ts): a batch then starts with no round trip of its own.
  const ids = idsInBlocks(app.db);
  const slips = createBatchQueue(
    async (batch: readonly PreparedSlip[]) => {
      const end = batchSeconds.startTimer();
      batchSlips.observe(batch.length);
      try {
        return await bets.commitBatch(app.db, batch, app.clock, ids);
      } finally {
        end();
      }
    },
    { maxBatch: 256, workers: 2, startAnotherAt: BATCH_SECOND_AT },
  );
  // onClose runs once the requests in flight are answered (each waits for its batch), so the queue is empty by
  // then; closing it earlier (preClose) would fail a bet that was still being checked when shutdown began.
  app.addHook('onClose', () => slips.close());
  const commit = (slip: PreparedSlip) => slips.submit(slip);
  // The exact text a key was first refused with by its batch (which claimed the key), stored after the batch, many
  // keys in one statement, before the answer is sent: a replay then sends these bytes (docs/trust.md 6). A placed
  // slip's text is stored by the batch itself, with its claim (slip-batch.ts).
  const texts = createBatchQueue(
    async (rows: readonly AnswerText[]) => {
      await storeAnswerTexts(app.db, rows);
      return rows.map(() => ({ ok: true as const, value: undefined }));
    },
    { maxBatch: 256, workers: 1 },
  );
  app.addHook('onClose', () => texts.close());
  /** Stores the first answer of a key, then sends it; a failure to store is logged (a replay then rebuilds it). */
  const sendFirst = async (
    request: FastifyRequest,
    reply: FastifyReply,
    row: AnswerText,
    status: number,
  ): Promise<FastifyReply> => {
    try {
      await texts.submit(row);
    } catch (err) {
      request.log.warn({ err }, 'bet: the answer text of an idempotency key was not stored');
    }
    return sendText(reply, status, row.text, false);
  };
  const catalog = createBetCatalog(app.db, () => app.clock());
  const bettor = [
    app.requireSession,
    (request: FastifyRequest) => {
      const user = request.user;
      if (!user) return Promise.reject(new AppError('LOGIN_REQUIRED'));
      if (user.role === 'operator') return Promise.reject(new AppError('FORBIDDEN'));
      return Promise.resolve();
    },
  ];
  const security = [{ token: [] }];
  const operator = operatorRoute(app);

  app.post(
    API.bet,
    {
      // Idempotent like app.exactlyOnce, but the key is claimed in the bet batch's own SQL transaction (slip-batch.ts).
      preValidation: bettor,
      schema: {
        tags: ['game'],
        summary: 'Place a bet slip on the current open period (players: cash; guests: demo money; idempotent)',
        description:
          'Checks, in order: no zero amounts (ZERO_AMOUNT_BET), game, period open and before its seal by the ' +
          'server clock (PERIOD_SEALED / PERIOD_NOT_CURRENT), plays (PLAY_NOT_FOUND), Mark Six all-in numbers ' +
          '(NUMBERS_INVALID), stake limits, the per-period limit, balance. The odds are fixed at placement.',
        security,
        headers: idempotentHeaders,
        body: betRequest,
        response: { 200: envelope(betSlip), ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = bettorOf(request);
      const claim = idempotencyOf(request);
      try {
        const placed = await bets.placeBet(
          catalog,
          commit,
          user,
          request.body,
          {
            currency: app.config.currency,
            timeZone: app.config.businessTimeZone,
            lang: request.lang,
            now: app.clock,
          },
          claim,
          // The route's own response serializer, as reply.ok would use it: these are the bytes sent, and replayed
          // (the batch stores them with the key).
          (slip) => {
            const text = reply.code(200).serialize({ code: 200, msg: 'success', data: slip });
            if (typeof text !== 'string') throw new Error('bet: the answer did not serialize to text');
            return text;
          },
        );
        if ('text' in placed) return sendText(reply, 200, placed.text, false);
        return reply.ok(placed.slip);
      } catch (error) {
        // The key was used already (the batch found it claimed), or the slip is refused now (say the period sealed
        // since): a key answers with what it placed — the slip, or the batch's refusal — never a second bet nor a
        // different answer (docs/trust.md 6).
        if (!claim || !(error instanceof IdempotentReplay || error instanceof AppError)) throw error;
        const stored = await storedAnswer(app.db, user.id, claim);
        if (!stored) {
          if (error instanceof IdempotentReplay) throw new AppError('IDEMPOTENCY_IN_FLIGHT');
          throw error; // refused before the batch (nothing stored: the same request is refused alike)
        }
        // The key's first answer, byte for byte.
        if (stored.text !== null) return sendText(reply, stored.status, stored.text, true);
        // The batch refused the slip just now and recorded the refusal with its key: this is the key's first answer,
        // kept now as it is sent.
        if (
          error instanceof AppError &&
          isBatchRefusal(error) &&
          'body' in stored &&
          (stored.body as RecordedRefusal | null)?.refusal === error.key
        ) {
          const { status, text } = refusalText(app, request, error);
          logRefusal(request, error.key, error.field);
          return sendFirst(request, reply, { userId: user.id, key: claim.key, text }, status);
        }
        // A key whose text is not stored (its first answer is being sent this instant, or keys claimed before the
        // texts were kept): the slip it placed, or its refusal in this answer's language.
        reply.header('idempotent-replayed', 'true');
        if ('betId' in stored) {
          const slip = await bets.slipById(app.db, stored.betId, request.lang, app.clock());
          if (slip) return reply.ok(slip);
          throw new AppError('IDEMPOTENCY_IN_FLIGHT');
        }
        // The refusal the key keeps, told again in this answer's language.
        const body = stored.body as RecordedRefusal | null;
        if (!body?.refusal) throw new AppError('IDEMPOTENCY_IN_FLIGHT');
        const refusal = refusalError(body, {
          timeZone: app.config.businessTimeZone,
          currency: app.config.currency,
        });
        return app.sendError(refusal, request, reply);
      }
    },
  );

  app.post(
    API.betCancel,
    {
      preValidation: bettor,
      schema: {
        tags: ['game'],
        summary:
          'Cancel an own unsettled slip before its period seals: the stake goes back to its wallet once (idempotent)',
        description:
          "Checks, in order: the slip is the caller's (BET_NOT_FOUND), unsettled (BET_ALREADY_CANCELLED / " +
          'BET_ALREADY_SETTLED), its game allows cancelling (BET_CANCEL_DISABLED), its period open and before its ' +
          'seal by the server clock (PERIOD_SEALED). Answers the slip, now cancelled.',
        security,
        headers: idempotentHeaders,
        body: betCancelRequest,
        response: { 200: envelope(betSlip), ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = bettorOf(request);
      await app.exactlyOnce(request, reply, (commit) =>
        cancelSlip(app.db, user, request.body.id, { lang: request.lang, now: app.clock }, commit),
      );
    },
  );

  app.get(
    API.betList,
    {
      preValidation: bettor,
      schema: {
        tags: ['game'],
        summary: 'Own bet slips, newest first; filters: status, games_id, range (days of the business time zone)',
        security,
        headers: sessionHeaders,
        querystring: betListQuery,
        response: { 200: envelope(paged(betSlip)), ...errors(400, 401, 403, 429) },
      },
    },
    // A list may lag (the read replica), but never behind the caller's own writes (plugins/replica.ts).
    async (request, reply) => {
      const userId = bettorOf(request).id;
      const ctx = { lang: request.lang, timeZone: app.config.businessTimeZone, now: app.clock() };
      return reply.ok(await app.replica.readFor(request, (db) => bets.listOwnBets(db, userId, request.query, ctx)));
    },
  );

  app.post(
    API.adminPeriodVoid,
    operator({
      summary: 'Void a period before its draw: every stake on it is refunded once',
      body: periodVoidRequest,
      response: { 200: envelope(periodVoidResult), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) => reply.ok(await voidPeriod(app.db, actorOf(request), request.body, app.clock())),
  );
  done();
}

export default fp(betsPlugin, {
  name: 'bets',
  dependencies: ['config', 'clock', 'db', 'errors', 'auth', 'roles', 'metrics'],
});
