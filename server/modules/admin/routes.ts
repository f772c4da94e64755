import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Email, Id, dataOf, errorReplies, listOf } from '../../http/schemas';
import { listQuerySchema } from '../../http/listQuery';
import type { RoleName } from '../../auth/roles';
import type { ModuleDeps } from '../deps';
import { Nullable } from '../clients/schemas';
import { visibleClient } from '../clients/service';
import * as branches from './branches';
import * as users from './users';

const admin: RoleName[] = ['admin'];
/** The company and the members themselves (each member only its own client: the service checks). */
const adminOrMember: RoleName[] = ['admin', 'stockist', 'individual'];

const UserRecord = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role_id: Type.Integer(),
  role_name: Type.String(),
  client_id: Nullable(Type.Integer()),
  branch_id: Nullable(Type.Integer()),
  active: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});

/** admin/repusers: each rep with how many live clients it works and their sales (cents, cancelled orders left out). */
const RepUserRecord = Type.Object({ ...UserRecord.properties, client_count: Type.Integer(), sales_total: Type.Integer() });

const BranchRecord = Type.Object({ id: Type.Integer(), name: Type.String(), address: Type.String(), default_branch: Type.Boolean() });
const RoleRecord = Type.Object({ id: Type.Integer(), name: Type.String(), display_name: Type.String(), description: Type.String() });

const userFilters = {
  q: Type.Optional(Type.String({ maxLength: 200 })),
  role_id: Type.Optional(Id),
  branch_id: Type.Optional(Id),
  active: Type.Optional(Type.Boolean()),
};
const UserListQuery = listQuerySchema(users.userSortFields, userFilters);
const RepUserListQuery = listQuerySchema(users.repSortFields, userFilters);
const ClientUserListQuery = listQuerySchema(users.userSortFields, { ...userFilters, client_id: Id });

const Name = Type.String({ minLength: 1, maxLength: 200 });
/** The length rule (MIN_PASSWORD_LENGTH) is the service's, so its answer names it in words. */
const Password = Type.String({ minLength: 1, maxLength: 1024 });
const IdBody = Type.Object({ id: Id });

const userList = listOf(UserRecord);
const userReplies = (...statuses: number[]) => ({ 200: dataOf(UserRecord), 201: dataOf(UserRecord), ...errorReplies(...statuses) });

/** The `api/admin/*` calls: client users, company users, roles, reps and branches. */
export const adminRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/clientusers',
    {
      config: { access: adminOrMember },
      schema: { tags: ['admin'], querystring: ClientUserListQuery, response: { 200: userList, ...errorReplies(400, 401, 403, 404) } },
    },
    async (request) => {
      const { client_id, ...query } = request.query;
      // The client must be visible to the caller (a member's own), else 404.
      await visibleClient(deps.db, request.user!, client_id);
      return users.listUsers(deps.reads(request), { clientId: client_id }, query);
    },
  );

  app.post(
    '/api/admin/createclientuser',
    {
      config: { access: adminOrMember },
      schema: {
        tags: ['admin'],
        body: Type.Object({ client_id: Id, name: Name, email: Email, password: Password }),
        response: userReplies(400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await users.createClientUser(deps.db, request.user!, request.body) };
    },
  );

  app.get(
    '/api/admin/companyusers',
    {
      config: { access: admin, changesWith: { tables: ['users', 'roles'] } },
      schema: { tags: ['admin'], querystring: UserListQuery, response: { 200: userList, ...errorReplies(400, 401, 403) } },
    },
    (request) => users.listUsers(deps.reads(request), 'company', request.query),
  );

  app.get(
    '/api/admin/repusers',
    {
      config: { access: admin, changesWith: { tables: ['users', 'roles', 'rep_clients', 'clients', 'orders'] } },
      schema: { tags: ['admin'], querystring: RepUserListQuery, response: { 200: listOf(RepUserRecord), ...errorReplies(400, 401, 403) } },
    },
    (request) => users.listReps(deps.reads(request), request.query),
  );

  app.get(
    '/api/admin/roles',
    { config: { access: admin, changesWith: { tables: ['roles'] } }, schema: { tags: ['admin'], response: { 200: listOf(RoleRecord), ...errorReplies(401, 403) } } },
    () => users.listRoles(deps.db),
  );

  app.post(
    '/api/admin/createuser',
    {
      config: { access: admin },
      schema: {
        tags: ['admin'],
        body: Type.Object({
          name: Name,
          email: Email,
          password: Password,
          role_id: Id,
          branch_id: Type.Optional(Nullable(Id)),
          client_id: Type.Optional(Nullable(Id)),
        }),
        response: userReplies(400, 401, 403, 409),
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await users.createAnyUser(deps.db, request.user!, request.body) };
    },
  );

  app.post(
    '/api/admin/updateuser',
    {
      config: { access: admin },
      schema: {
        tags: ['admin'],
        // A record read from the API may be sent back whole (react-admin does); its read-only fields are ignored.
        body: Type.Object({
          id: Id,
          name: Type.Optional(Name),
          email: Type.Optional(Email),
          role_id: Type.Optional(Id),
          branch_id: Type.Optional(Nullable(Id)),
          active: Type.Optional(Type.Boolean()),
          password: Type.Optional(Password),
        }),
        response: userReplies(400, 401, 403, 404, 409),
      },
    },
    async (request) => ({ data: await users.updateUser(deps.db, request.user!, request.body, deps.now()) }),
  );

  app.post(
    '/api/admin/deleteuser',
    {
      config: { access: admin },
      schema: { tags: ['admin'], body: IdBody, response: { 200: dataOf(IdBody), ...errorReplies(400, 401, 403, 404, 409) } },
    },
    async (request) => ({ data: await users.deactivateUser(deps.db, request.user!, request.body.id, deps.now()) }),
  );

  app.get(
    '/api/admin/branches',
    { config: { access: admin, changesWith: { tables: ['branches'] } }, schema: { tags: ['admin'], response: { 200: listOf(BranchRecord), ...errorReplies(401, 403) } } },
    () => branches.listBranches(deps.db),
  );

  app.post(
    '/api/admin/savebranch',
    {
      config: { access: admin },
      schema: {
        tags: ['admin'],
        body: Type.Object({
          id: Type.Optional(Id),
          name: Type.String({ minLength: 1, maxLength: 200 }),
          address: Type.Optional(Type.String({ maxLength: 500 })),
          default_branch: Type.Optional(Type.Boolean()),
        }),
        response: { 200: dataOf(BranchRecord), 201: dataOf(BranchRecord), ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      if (request.body.id === undefined) reply.status(201);
      return { data: await branches.saveBranch(deps.db, request.user!, request.body) };
    },
  );

  app.post(
    '/api/admin/deletebranch',
    {
      config: { access: admin },
      schema: { tags: ['admin'], body: IdBody, response: { 200: dataOf(IdBody), ...errorReplies(400, 401, 403, 404, 409) } },
    },
    async (request) => ({ data: await branches.deleteBranch(deps.db, request.user!, request.body.id) }),
  );
};
