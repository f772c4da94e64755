import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RoleName } from '../../auth/roles';
import { IdBody, IdQuery, IdReply, errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import { DeliveryIdBody, DeliveryList, DeliveryListQuery, DeliveryReply, EndpointList, EndpointListQuery, EndpointReply, SaveEndpointBody } from './schemas';
import * as service from './service';

const admin: RoleName[] = ['admin'];
const tags = ['webhooks'];

/**
 * Signed outgoing webhooks: the admin's endpoints, their delivery log, a test delivery
 * and a redelivery. Admins only: an endpoint receives members' and orders' data.
 */
export const webhookRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  app.get(
    '/api/webhooks/endpoints',
    { config: { access: admin }, schema: { tags, querystring: EndpointListQuery, response: { 200: EndpointList, ...errorReplies(400, 401, 403) } } },
    async (request) => service.listEndpoints(deps.reads(request), request.query),
  );

  app.get(
    '/api/webhooks/endpoint',
    { config: { access: admin }, schema: { tags, querystring: IdQuery, response: { 200: EndpointReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await service.getEndpoint(deps.db, request.query.id) }),
  );

  app.post(
    '/api/webhooks/saveendpoint',
    {
      config: { access: admin },
      schema: { tags, body: SaveEndpointBody, response: { 200: EndpointReply, 201: EndpointReply, ...errorReplies(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const data = await service.saveEndpoint(deps, request.user!, request.body);
      if (request.body.id === undefined) reply.status(201);
      // The secret is in this answer only: no cache may keep it.
      if (data.secret) reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  app.post(
    '/api/webhooks/deleteendpoint',
    { config: { access: admin }, schema: { tags, body: IdBody, response: { 200: IdReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await service.deleteEndpoint(deps.db, request.user!, request.body.id) }),
  );

  app.get(
    '/api/webhooks/deliveries',
    { config: { access: admin }, schema: { tags, querystring: DeliveryListQuery, response: { 200: DeliveryList, ...errorReplies(400, 401, 403) } } },
    async (request) => service.listDeliveries(deps.reads(request), request.query),
  );

  app.post(
    '/api/webhooks/testendpoint',
    { config: { access: admin }, schema: { tags, body: IdBody, response: { 200: DeliveryReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => {
      const data = await service.testEndpoint(deps, request.user!, request.body.id);
      deps.jobs.wake();
      return { data };
    },
  );

  app.post(
    '/api/webhooks/redeliver',
    { config: { access: admin }, schema: { tags, body: DeliveryIdBody, response: { 200: DeliveryReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => {
      const data = await service.redeliver(deps.db, request.body.id);
      deps.jobs.wake();
      return { data };
    },
  );
};
