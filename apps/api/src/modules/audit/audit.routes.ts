import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { API, auditEntry, auditListQuery, envelope, ledgerReport, paged } from '@fairdraw/contract';
import { errors, sessionHeaders } from '../../lib/schemas.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';
import { listAudit } from './audit.service.ts';

/** Operator views of the books: the audit log and the ledger check. */
const auditRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const operator = [app.requireSession, app.requireOperator];

  app.get(
    API.adminAuditList,
    {
      preValidation: operator,
      schema: {
        tags: ['admin'],
        summary: 'Audit log, newest first; q searches action, operator and target',
        security: [{ token: [] }],
        headers: sessionHeaders,
        querystring: auditListQuery,
        response: { 200: envelope(paged(auditEntry)), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply.ok(await listAudit(app.db, request.query.page, request.query.limit, request.query.q)),
  );

  app.get(
    API.adminLedgerCheck,
    {
      preValidation: operator,
      schema: {
        tags: ['admin'],
        summary: 'Ledger invariants: balanced transactions, zero total, cached = recomputed balances',
        security: [{ token: [] }],
        headers: sessionHeaders,
        response: { 200: envelope(ledgerReport), ...errors(401, 403, 429) },
      },
    },
    async (_request, reply) => reply.ok(await ledgerCheck(app.db)),
  );
  done();
};

export default auditRoutes;
