import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { API, auditEntry, auditListQuery, envelope, ledgerReport, paged } from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { operatorRoute } from '../../lib/route-builders.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';
import { listAudit } from './audit.service.ts';

/** Operator views of the books: the audit log and the ledger check. */
const auditRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const operator = operatorRoute(app);

  app.get(
    API.adminAuditList,
    operator({
      summary: 'Audit log, newest first; q searches action, operator and target',
      querystring: auditListQuery,
      response: { 200: envelope(paged(auditEntry)), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) =>
      reply.ok(await listAudit(app.db, request.query.page, request.query.limit, request.query.q)),
  );

  app.get(
    API.adminLedgerCheck,
    operator({
      summary: 'Ledger invariants: balanced transactions, zero total, cached = recomputed balances',
      response: { 200: envelope(ledgerReport), ...errors(401, 403, 429) },
    }),
    async (_request, reply) => reply.ok(await ledgerCheck(app.db)),
  );
  done();
};

export default auditRoutes;
