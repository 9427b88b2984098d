import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Lang } from '@fairdraw/contract';
import { API, dashboard, dashboardQuery, envelope, profitQuery, profitReport } from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { operatorRoute, playerRoute } from '../../lib/route-builders.ts';
import { playerOf } from '../../lib/route-helpers.ts';
import { dashboard as buildDashboard, dashboardCsv } from './dashboard.service.ts';
import { profitReport as buildProfitReport } from './profit-report.service.ts';
import { reportRefreshJob } from './report-rebuild.service.ts';

/**
 * The profit report (players: their own figures only) and the operator dashboard with its CSV export, both read
 * from the daily summary (modules/report/README.md).
 */
const reportRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  // The leader rebuilds the report summary (plugins/jobs.ts).
  app.leaderJobs.add(reportRefreshJob(app.config.businessTimeZone, app.config.reportRefreshSeconds * 1000));
  const player = playerRoute(app);
  const operator = operatorRoute(app);
  const dashboardContext = (lang: Lang) => ({
    now: app.clock(),
    timeZone: app.config.businessTimeZone,
    lang,
    currency: app.config.currency,
  });

  app.get(
    API.reportProfit,
    player({
      tags: ['report'],
      summary:
        'Own profit report: stakes, payouts, net, rebates, deposits, withdrawals per day and per game for a range ' +
        '(today, yesterday, before_yesterday, last7) or one day; today may be delayed by up to 15 minutes',
      querystring: profitQuery,
      response: { 200: envelope(profitReport), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      reply.header('cache-control', 'no-store');
      // Reports may lag (the read replica), never behind the caller's own writes (plugins/replica.ts).
      const ctx = { now: app.clock(), timeZone: app.config.businessTimeZone, lang: request.lang };
      return reply.ok(await app.replica.readFor(request, (db) => buildProfitReport(db, user.id, request.query, ctx)));
    },
  );

  app.get(
    API.adminDashboard,
    operator({
      summary:
        'Dashboard per day and per game: players, slips, stakes, payouts, GGR, hold %, deposits, withdrawals, ' +
        'bonus cost (at most 92 days)',
      querystring: dashboardQuery,
      response: { 200: envelope(dashboard), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.ok(
        await app.replica.readFor(request, (db) => buildDashboard(db, request.query, dashboardContext(request.lang))),
      );
    },
  );

  app.get(
    API.adminDashboardExport,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      ...operator({
        summary: 'The dashboard as CSV (UTF-8 with a BOM, header row in the lang header’s language)',
        querystring: dashboardQuery,
        response: {
          200: z.string().describe('text/csv; charset=utf-8, as an attachment'),
          ...errors(400, 401, 403, 429),
        },
      }),
    },
    async (request, reply) => {
      const data = await app.replica.readFor(request, (db) =>
        buildDashboard(db, request.query, dashboardContext(request.lang)),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="dashboard-${data.from}-${data.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(dashboardCsv(data, request.lang, app.config.currency));
    },
  );
  done();
};

export default reportRoutes;
