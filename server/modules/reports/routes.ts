import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RoleName } from '../../auth/roles';
import { errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import { sameForAdmins } from '../../http/conditionalReads';
import { businessDay } from '../../../shared/billing/accounts';
import { SalesQuery, SalesReply } from './wire';
import { salesReport } from './sales';

/**
 * The sales reports: admins see the whole business, a rep its linked clients, a member its own
 * client (the service narrows the rows). The production team sees no money.
 */
const SALES_READERS: RoleName[] = ['admin', 'reseller', 'stockist', 'individual'];
const tags = ['reports'];

export const reportRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  app.get(
    '/api/reports/sales',
    {
      // The summaries change only with the register's lines (an insert trigger), so their counter
      // stands for them. The answer is kept until one moves: dashboards ask the same report again and again.
      config: {
        access: SALES_READERS,
        changesWith: { tables: ['billing_document_lines', 'rep_clients', 'products', 'product_groups', 'clients', 'branches', 'users'], day: true, sharedBy: sameForAdmins },
      },
      schema: { tags, querystring: SalesQuery, response: { 200: SalesReply, ...errorReplies(400, 401, 403) } },
    },
    (request) => salesReport(deps.reads(request), request.user!, request.query, businessDay(deps.now())),
  );
};
