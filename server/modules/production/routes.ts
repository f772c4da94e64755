import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RoleName } from '../../auth/roles';
import { errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import { productionPlan } from './plan';
import { completeWorkOrder, createWorkOrder, listWorkOrders } from './workOrders';
import { CompleteWorkOrderBody, CreateWorkOrderBody, PlanQuery, PlanReply, WorkOrderList, WorkOrderListQuery, WorkOrderReply } from './wire';

/** Production: the plan of what to make and the work orders, for admins and the production team. */
const MAKERS: RoleName[] = ['admin', 'production'];
const tags = ['production'];
/**
 * The plan is the same for every maker (nothing in it is narrowed to the caller): one answer per
 * branch asked, kept until a stock level or a product changes (server/http/sharedAnswers.ts). The
 * board is read by the whole team, over and over, between the changes that move it.
 */
const sameForMakers = () => 'makers';

export const productionRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.get(
    '/api/production/plan',
    { config: { access: MAKERS, changesWith: { tables: ['stock_levels', 'products'], sharedBy: sameForMakers } }, schema: { tags, querystring: PlanQuery, response: { 200: PlanReply, ...errorReplies(400, 401, 403) } } },
    async (request) => ({ data: await productionPlan(deps.reads(request), request.query.branch_id) }),
  );
  app.get(
    '/api/production/workorders',
    { config: { access: MAKERS }, schema: { tags, querystring: WorkOrderListQuery, response: { 200: WorkOrderList, ...errorReplies(400, 401, 403) } } },
    (request) => listWorkOrders(deps.reads(request), request.query),
  );
  app.post(
    '/api/production/createworkorder',
    { config: { access: MAKERS }, schema: { tags, body: CreateWorkOrderBody, response: { 200: WorkOrderReply, ...errorReplies(400, 401, 403) } } },
    async (request) => ({ data: await createWorkOrder(db, request.user!, request.body, deps.now()) }),
  );
  app.post(
    '/api/production/completeworkorder',
    { config: { access: MAKERS }, schema: { tags, body: CompleteWorkOrderBody, response: { 200: WorkOrderReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await completeWorkOrder(db, request.user!, request.body, deps.now()) }),
  );
};
