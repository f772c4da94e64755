import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { stockKeepers } from '../../auth/roles';
import { errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import { adjustStock } from './adjust';
import { availability, listLevels, listMovements, orderStock } from './queries';
import {
  AdjustBody,
  AdjustReply,
  AvailabilityQuery,
  AvailabilityReply,
  LevelList,
  LevelListQuery,
  MovementList,
  MovementListQuery,
  OrderStockQuery,
  OrderStockReply,
} from './wire';

/**
 * Stock per branch: admins and the production team (stockKeepers) read the figures and adjust them. Whoever
 * orders is told only in stock / low / backordered per product, and what their own order's lines
 * hold (an order they may not see answers 404).
 */
const tags = ['stock'];

export const stockRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.get(
    '/api/stock/levels',
    { config: { access: stockKeepers }, schema: { tags, querystring: LevelListQuery, response: { 200: LevelList, ...errorReplies(400, 401, 403) } } },
    (request) => listLevels(deps.reads(request), request.query),
  );
  app.get(
    '/api/stock/movements',
    { config: { access: stockKeepers }, schema: { tags, querystring: MovementListQuery, response: { 200: MovementList, ...errorReplies(400, 401, 403) } } },
    (request) => listMovements(deps.reads(request), request.query),
  );
  app.post(
    '/api/stock/adjust',
    { config: { access: stockKeepers }, schema: { tags, body: AdjustBody, response: { 200: AdjustReply, ...errorReplies(400, 401, 403) } } },
    async (request) => ({ data: await adjustStock(db, request.user!, request.body, deps.now()) }),
  );
  app.get(
    '/api/stock/availability',
    { config: { access: 'signed-in' }, schema: { tags, querystring: AvailabilityQuery, response: { 200: AvailabilityReply, ...errorReplies(400, 401, 404) } } },
    async (request) => ({ data: await availability(db, request.user!, request.query) }),
  );
  app.get(
    '/api/stock/order',
    { config: { access: 'signed-in' }, schema: { tags, querystring: OrderStockQuery, response: { 200: OrderStockReply, ...errorReplies(400, 401, 404) } } },
    async (request) => ({ data: await orderStock(db, request.user!, request.query.order_id) }),
  );
};
