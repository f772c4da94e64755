import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ifMatchVersion } from '../../http/recordVersion';
import type { RoleName } from '../../auth/roles';
import { Id, dataOf, errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import { RepClientDetails, RepClientSaveBody, RepQuery, RepReply, SaveClientLinksBody, SaveClientLinksReply } from './schemas';
import { ClientRecord } from '../clients/schemas';
import * as service from './service';

const admin: RoleName[] = ['admin'];
/** The company and the reps themselves (a reseller only its own rep view and clients: the service checks). */
const adminOrRep: RoleName[] = ['admin', 'reseller'];
const tags = ['reps'];

/**
 * The `api/reps/*` calls: a rep's view and clients, the admin's client links, and a rep's
 * client saves. Addition: `GET api/reps/client?id=`, a client as its rep sees it.
 */
export const repRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  app.get(
    '/api/reps/rep',
    {
      config: { access: adminOrRep },
      schema: { tags, querystring: RepQuery, response: { 200: RepReply, ...errorReplies(400, 401, 403, 404) } },
    },
    async (request) => ({ data: await service.repView(deps.db, request.user!, request.query) }),
  );

  app.post(
    '/api/reps/saveclientlinks',
    {
      config: { access: admin },
      schema: { tags, body: SaveClientLinksBody, response: { 200: SaveClientLinksReply, ...errorReplies(400, 401, 403, 404) } },
    },
    async (request) => ({ data: await service.saveClientLinks(deps.db, request.user!, request.body.rep_user_id, request.body.client_ids) }),
  );

  app.post(
    '/api/reps/saveclient',
    {
      config: { access: adminOrRep },
      schema: {
        tags,
        body: RepClientSaveBody,
        response: { 200: dataOf(ClientRecord), 201: dataOf(ClientRecord), ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await service.saveRepClient(deps.db, request.user!, request.body, deps.now(), ifMatchVersion(request));
      if (request.body.id === undefined) reply.status(201);
      return { data };
    },
  );

  app.get(
    '/api/reps/client',
    {
      config: { access: adminOrRep },
      schema: { tags, querystring: Type.Object({ id: Id }), response: { 200: dataOf(RepClientDetails), ...errorReplies(400, 401, 403, 404) } },
    },
    async (request) => ({ data: await service.repClient(deps.db, request.user!, request.query.id) }),
  );
};
