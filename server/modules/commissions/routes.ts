import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RoleName } from '../../auth/roles';
import { sameForAdmins } from '../../http/conditionalReads';
import { errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import { pdfLocale } from '../billing/pdf/format';
import { sendFile } from '../../http/files';
import { listPlans, savePlan, saveTarget } from './plans';
import { closeMonth, statement } from './statements';
import { CloseMonthBody, CloseMonthReply, PlansReply, SavePlanBody, SavedReply, SaveTargetBody, StatementPdfQuery, StatementQuery, StatementReply } from './wire';

/**
 * Rep commissions: the admin sets plans and targets, reads any rep's statement and closes a
 * month; a rep reads its own plans and statements (another rep's answers 404). Members and the
 * production team see no commissions.
 */
const ADMIN: RoleName[] = ['admin'];
const ADMIN_OR_REP: RoleName[] = ['admin', 'reseller'];
const tags = ['commissions'];
const binary = { 200: Type.String({ format: 'binary' }) };

export const commissionRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.get(
    '/api/commissions/plans',
    { config: { access: ADMIN_OR_REP }, schema: { tags, response: { 200: PlansReply, ...errorReplies(401, 403) } } },
    async (request) => ({ data: await listPlans(db, request.user!) }),
  );
  app.post(
    '/api/commissions/saveplan',
    { config: { access: ADMIN }, schema: { tags, body: SavePlanBody, response: { 200: SavedReply, ...errorReplies(400, 401, 403) } } },
    async (request) => ({ data: await savePlan(db, request.user!, request.body, deps.now()) }),
  );
  app.post(
    '/api/commissions/savetarget',
    { config: { access: ADMIN }, schema: { tags, body: SaveTargetBody, response: { 200: SavedReply, ...errorReplies(400, 401, 403, 409) } } },
    async (request) => ({ data: await saveTarget(db, request.user!, request.body) }),
  );
  app.get(
    '/api/commissions/statement',
    {
      config: {
        access: ADMIN_OR_REP,
        // What a statement is computed from, closed or live (the rep, its linked clients, the ledger
        // with its invoices, payments and notes): a month's hundreds of lines are computed once,
        // then kept until one of these moves.
        changesWith: {
          tables: ['commission_entries', 'commission_months', 'commission_plans', 'commission_statements', 'commission_targets', 'users', 'roles', 'rep_clients', 'clients', 'billing_documents', 'payments'],
          sharedBy: sameForAdmins,
        },
      },
      schema: { tags, querystring: StatementQuery, response: { 200: StatementReply, ...errorReplies(400, 401, 403, 404) } },
    },
    async (request) => ({ data: await statement(db, request.user!, request.query.rep_id, request.query.month) }),
  );
  app.post(
    '/api/commissions/closemonth',
    { config: { access: ADMIN }, schema: { tags, body: CloseMonthBody, response: { 200: CloseMonthReply, ...errorReplies(400, 401, 403, 409) } } },
    async (request) => ({ data: await closeMonth(db, request.user!, request.body.month, deps.now()) }),
  );
  app.get(
    '/api/commissions/statement_pdf',
    { config: { access: ADMIN_OR_REP }, schema: { tags, querystring: StatementPdfQuery, produces: ['application/pdf'], response: { ...binary, ...errorReplies(400, 401, 403, 404) } } },
    async (request, reply) => {
      const found = await statement(db, request.user!, request.query.rep_id, request.query.month);
      const { statementPdf } = await import('./pdf');
      const { pdf, filename } = await statementPdf(db, found, pdfLocale(request.query.locale));
      return sendFile(reply, 'application/pdf', filename, pdf);
    },
  );
};
