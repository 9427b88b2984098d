import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statementExportQuery, statementHistory, statementHistoryQuery, API, envelope } from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { playerRoute } from '../../lib/route-builders.ts';
import { playerOf } from '../../lib/route-helpers.ts';
import { exportCsv, exportRange, getHistory } from './statement.service.ts';

/**
 * The player's account history: the last three months in the app, and a CSV export of up to twelve.
 * Registered players only: a guest gets 403 DEMO_NOT_ALLOWED, an operator 403 FORBIDDEN.
 */
const statementRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const player = playerRoute(app);

  app.get(
    API.accountHistory,
    player({
      tags: ['account'],
      summary:
        'Own ledger movements of the last 3 months, newest first, each with its cause, signed amount, balance ' +
        'after and reference; older ones are not listed (since)',
      querystring: statementHistoryQuery,
      response: { 200: envelope(statementHistory), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      reply.header('cache-control', 'no-store');
      // May lag (the read replica), never behind the caller's own writes (plugins/replica.ts). The CSV export stays on
      // the primary: it is streamed, and a stream cut by the replica could not be read again elsewhere.
      const now = app.clock();
      const tz = app.config.businessTimeZone;
      return reply.ok(await app.replica.readFor(request, (db) => getHistory(db, user.id, request.query, now, tz)));
    },
  );

  app.get(
    API.accountExport,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      ...player({
        tags: ['account'],
        summary:
          'Own ledger movements from one business day to another (at most 12 months, not before the account was ' +
          'opened) as CSV, streamed: UTF-8 with a BOM, the header row in the lang header’s language',
        querystring: statementExportQuery,
        response: {
          200: z.string().describe('text/csv; charset=utf-8, as an attachment'),
          ...errors(400, 401, 403, 429),
        },
      }),
    },
    async (request, reply) => {
      const user = playerOf(request);
      const tz = app.config.businessTimeZone;
      const range = await exportRange(app.db, user.id, request.query, tz);
      const csv = exportCsv(app.db, user.id, range, request.lang, app.config.currency, tz);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${range.filename}"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is read, never serialized; the schema's string only documents the body.
          .send(Readable.from(csv) as unknown as string)
      );
    },
  );
  done();
};

export default statementRoutes;
