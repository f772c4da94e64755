import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ifMatchVersion } from '../../http/recordVersion';
import { Id, cappedListOf, dataOf, errorReplies } from '../../http/schemas';
import { ExactTotal, Page, listQuerySchema } from '../../http/listQuery';
import type { RoleName } from '../../auth/roles';
import type { ModuleDeps } from '../deps';
import { ClientRecord, ClientSaveBody, ClientType, ClientWithOrders, MembershipStatus, QuestionAnswersBody } from './schemas';
import * as service from './service';

const admin: RoleName[] = ['admin'];
/** The company and the members themselves (each member only its own client: the service checks). */
const adminOrMember: RoleName[] = ['admin', 'stockist', 'individual'];

const ClientListQuery = listQuerySchema(service.clientSortFields, {
  q: Type.Optional(Type.String({ maxLength: 200 })),
  type: Type.Optional(ClientType),
  branch_id: Type.Optional(Id),
  membership_status: Type.Optional(MembershipStatus),
  rep: Type.Optional(Id),
  archived: Type.Optional(Type.Boolean()),
  /** A search's total counted to the last client instead of stopping at 10,000 (`total_capped`). */
  exact_total: ExactTotal,
});

const IdBody = Type.Object({ id: Id });

/** The `api/clients/*` calls: the members and what they answered. */
export const clientRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  app.get(
    '/api/clients/all',
    {
      config: { access: admin, changesWith: { tables: ['clients', 'users', 'rep_clients', 'branches'] } },
      schema: { tags: ['clients'], querystring: ClientListQuery, response: { 200: cappedListOf(ClientRecord), ...errorReplies(400, 401, 403) } },
    },
    (request) => service.listClients(deps.reads(request), request.query),
  );

  app.get(
    '/api/clients/client',
    {
      config: { access: adminOrMember, changesWith: { tables: ['clients', 'orders', 'users', 'rep_clients', 'branches'] } },
      schema: {
        tags: ['clients'],
        querystring: Type.Object({ id: Id, orders_page: Page }),
        response: { 200: dataOf(ClientWithOrders), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.clientWithOrders(deps.db, request.user!, request.query.id, request.query.orders_page) }),
  );

  app.post(
    '/api/clients/save',
    {
      config: { access: adminOrMember },
      schema: { tags: ['clients'], body: ClientSaveBody, response: { 200: dataOf(ClientRecord), 201: dataOf(ClientRecord), ...errorReplies(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => {
      const data = await service.saveClient(deps.db, request.user!, request.body, deps.now(), ifMatchVersion(request));
      deps.jobs.wake();
      if (request.body.id === undefined) reply.status(201);
      return { data };
    },
  );

  app.post(
    '/api/clients/delete',
    {
      config: { access: admin },
      schema: { tags: ['clients'], body: IdBody, response: { 200: dataOf(IdBody), ...errorReplies(400, 401, 403, 404, 409) } },
    },
    async (request) => ({ data: await service.archiveClient(deps.db, request.user!, request.body.id, deps.now()) }),
  );

  app.post(
    '/api/clients/save_question_answers',
    {
      config: { access: adminOrMember },
      schema: { tags: ['clients'], body: QuestionAnswersBody, response: { 200: dataOf(ClientRecord), ...errorReplies(400, 401, 403, 404, 409) } },
    },
    async (request) => ({
      data: await service.saveQuestionAnswers(deps.db, request.user!, request.body.id, request.body.answers, deps.now()),
    }),
  );

  app.post(
    '/api/clients/activate_membership',
    {
      config: { access: admin },
      schema: { tags: ['clients'], body: IdBody, response: { 200: dataOf(ClientRecord), ...errorReplies(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const data = await service.activateMembership(deps.db, request.user!, request.body.id, deps.now());
      deps.jobs.wake();
      return { data };
    },
  );
};
