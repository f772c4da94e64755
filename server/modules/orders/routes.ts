import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ifMatchVersion } from '../../http/recordVersion';
import type { RoleName } from '../../auth/roles';
import { IdBody, IdQuery, IdReply, errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import { Type } from 'typebox';
import { Id } from '../../http/schemas';
import { addComment, listComments } from './comments';
import { createMembershipOrder } from './membership';
import { sweepAnnouncements } from './announcements';
import { reorderDraft } from './reorder';
import { listOrders } from './list';
import { productionQueue } from './productionQueue';
import * as orders from './service';
import {
  CommentInput,
  CommentList,
  CommentListQuery,
  CommentReply,
  CourierInput,
  CreateOrderInput,
  IdempotencyHeaders,
  MAX_LINES,
  OrderList,
  OrderListQuery,
  OrderProperties,
  ProductionQueueReply,
  OrderReply,
  Quote,
  ReorderReply,
  TokenQuery,
  TrackedOrder,
  UpdateOrderInput,
  UpdateStatusInput,
} from './schemas';
import { deletableStatuses, editableStatuses, nextStatuses, orderStatuses } from './workflow';

/** The couriers offered on the order screen; free text is accepted too. */
export const COURIERS = ['The Courier Guy', 'Aramex', 'DSV', 'PostNet', 'Fastway', 'Own delivery'];

/**
 * The `api/orders/*` calls and who may make them: everybody signed in reads the orders they may see (the service
 * narrows it); admin, members and resellers order; admin and production run the workflow; the
 * public reads one order by its tracking token.
 */
const ORDERING: RoleName[] = ['admin', 'stockist', 'individual', 'reseller'];
const WORKFLOW: RoleName[] = ['admin', 'production'];
const tags = ['orders'];

export const orderRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;
  sweepAnnouncements(app, db, (error) => deps.log.warn({ err: error }, 'announcing orders left behind failed'));

  app.get(
    '/api/orders/all',
    { config: { access: 'signed-in', changesWith: { tables: ['orders', 'order_lines', 'clients', 'branches', 'users', 'order_daily_stats', 'rep_clients'], day: true } }, schema: { tags, querystring: OrderListQuery, response: { 200: OrderList, ...errorReplies(400, 401) } } },
    (request) => listOrders(deps.reads(request), request.user!, request.query, deps.now()),
  );

  app.get(
    '/api/orders/production_queue',
    { config: { access: WORKFLOW, changesWith: { tables: ['orders', 'products', 'stock_levels', 'stock_reservations'] } }, schema: { tags, response: { 200: ProductionQueueReply, ...errorReplies(401, 403) } } },
    (request) => productionQueue(deps.reads(request)),
  );

  app.get(
    '/api/orders/properties',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: OrderProperties, ...errorReplies(401) } } },
    async () => ({
      data: {
        statuses: orderStatuses.map((id) => ({ id, next: [...nextStatuses[id]], editable: editableStatuses.includes(id), deletable: deletableStatuses.includes(id) })),
        couriers: COURIERS,
        max_lines: MAX_LINES,
      },
    }),
  );

  app.get(
    '/api/orders/order',
    { config: { access: 'signed-in', changesWith: { tables: ['orders', 'order_lines', 'order_status_history', 'billing_documents', 'clients', 'rep_clients', 'branches', 'users', 'products', 'courier_events', 'courier_tracking_templates'] } }, schema: { tags, querystring: IdQuery, response: { 200: OrderReply, ...errorReplies(400, 401, 404) } } },
    async (request) => ({ data: await orders.getOrder(db, request.user!, request.query.id) }),
  );

  app.get(
    '/api/orders/orderbytoken',
    { config: { access: 'public' }, schema: { tags, querystring: TokenQuery, response: { 200: TrackedOrder, ...errorReplies(400, 404) } } },
    async (request) => ({ data: await orders.orderByToken(db, request.query.token) }),
  );

  app.post(
    '/api/orders/create',
    {
      config: { access: ORDERING },
      schema: { tags, headers: IdempotencyHeaders, body: CreateOrderInput, response: { 200: OrderReply, 201: OrderReply, ...errorReplies(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { order, created } = await orders.createOrder(db, request.user!, request.body, request.headers['idempotency-key'], deps.now());
      if (created) deps.jobs.wake();
      return reply.status(created ? 201 : 200).send({ data: order });
    },
  );

  app.post(
    '/api/orders/membership_order',
    {
      config: { access: ['admin'] },
      schema: { tags, body: Type.Object({ client_id: Id }, { additionalProperties: false }), response: { 201: OrderReply, ...errorReplies(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => reply.status(201).send({ data: await createMembershipOrder(db, request.user!, request.body.client_id) }),
  );

  app.post(
    '/api/orders/quote',
    { config: { access: ORDERING }, schema: { tags, body: CreateOrderInput, response: { 200: Quote, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await orders.quoteOrder(db, request.user!, request.body, deps.now()) }),
  );

  // "Order again": whoever may order for the order's client, and may read the order.
  app.get(
    '/api/orders/reorder',
    { config: { access: ORDERING }, schema: { tags, querystring: IdQuery, response: { 200: ReorderReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await reorderDraft(db, request.user!, request.query.id) }),
  );

  app.post(
    '/api/orders/update',
    { config: { access: ORDERING }, schema: { tags, body: UpdateOrderInput, response: { 200: OrderReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await orders.updateOrder(db, request.user!, request.body) }),
  );

  app.post(
    '/api/orders/updatestatus',
    { config: { access: WORKFLOW }, schema: { tags, body: UpdateStatusInput, response: { 200: OrderReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await orders.updateStatus(deps, request.user!, request.body.id, request.body.status) }),
  );

  app.post(
    '/api/orders/save_courier',
    { config: { access: WORKFLOW }, schema: { tags, body: CourierInput, response: { 200: OrderReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await orders.saveCourier(db, request.user!, request.body.id, request.body.courier_name, request.body.tracking_number, ifMatchVersion(request)) }),
  );

  app.post(
    '/api/orders/delete',
    { config: { access: ['admin'] }, schema: { tags, body: IdBody, response: { 200: IdReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => {
      await orders.deleteOrder(db, request.user!, request.body.id);
      return { data: { id: request.body.id } };
    },
  );

  app.get(
    '/api/orders/comments',
    { config: { access: 'signed-in' }, schema: { tags, querystring: CommentListQuery, response: { 200: CommentList, ...errorReplies(400, 401, 404) } } },
    (request) => listComments(deps.reads(request), request.user!, request.query),
  );

  app.post(
    '/api/orders/comment',
    { config: { access: 'signed-in' }, schema: { tags, body: CommentInput, response: { 201: CommentReply, ...errorReplies(400, 401, 404) } } },
    async (request, reply) => reply.status(201).send({ data: await addComment(db, request.user!, request.body.order_id, request.body.text) }),
  );
};
