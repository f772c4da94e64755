import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { RoleName } from '../../auth/roles';
import { erasureStatuses } from '../../db/schema';
import { Id, IdBody, dataOf, errorReplies, listOf } from '../../http/schemas';
import { listQuerySchema } from '../../http/listQuery';
import type { ModuleDeps } from '../deps';
import { ProofStore } from '../billing/proofs';
import { exportArchive } from './exportArchive';
import { approveErasure, declineErasure, erasureSortFields, latestErasureRequest, listErasureRequests, requestErasure } from './erasure';

/**
 * POPIA: a member's data export and erasure. The admin and the member's own users
 * (each only its own client: the services answer 404 for another) export and ask; only the admin
 * lists the requests and decides them. Production and resellers have no call here.
 */
const ADMIN: RoleName[] = ['admin'];
const ADMIN_OR_MEMBER: RoleName[] = ['admin', 'stockist', 'individual'];
const tags = ['privacy'];

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const ErasureRecord = Type.Object({
  id: Type.Integer(),
  client_id: Type.Integer(),
  client_name: Type.String(),
  status: Type.Enum(erasureStatuses),
  requested_by_name: Nullable(Type.String()),
  requested_at: Type.String({ format: 'date-time' }),
  decided_by_name: Nullable(Type.String()),
  decided_at: Nullable(Type.String({ format: 'date-time' })),
  decline_reason: Nullable(Type.String()),
});
const ClientQuery = Type.Object({ client_id: Id });
const ClientBody = Type.Object({ client_id: Id }, { additionalProperties: false });
const DeclineBody = Type.Object({ id: Id, reason: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }) }, { additionalProperties: false });
const ListQuery = listQuerySchema(erasureSortFields, { status: Type.Optional(Type.Enum(erasureStatuses)), client_id: Type.Optional(Id) });

export const privacyRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const proofs = new ProofStore(deps.uploadsDir);
  const { db } = deps;

  app.get(
    '/api/privacy/export',
    {
      config: { access: ADMIN_OR_MEMBER },
      schema: { tags, querystring: ClientQuery, produces: ['application/zip'], response: { 200: Type.String({ format: 'binary' }), ...errorReplies(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { zip, filename } = await exportArchive(db, request.user!, request.query.client_id, deps.now());
      return (reply as FastifyReply).type('application/zip').header('content-disposition', `attachment; filename="${filename}"`).send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );

  app.get(
    '/api/privacy/erasure',
    {
      config: { access: ADMIN_OR_MEMBER },
      schema: { tags, querystring: ClientQuery, response: { 200: dataOf(Nullable(ErasureRecord)), ...errorReplies(400, 401, 403, 404) } },
    },
    async (request) => ({ data: await latestErasureRequest(db, request.user!, request.query.client_id) }),
  );

  app.post(
    '/api/privacy/requesterasure',
    { config: { access: ADMIN_OR_MEMBER }, schema: { tags, body: ClientBody, response: { 201: dataOf(ErasureRecord), ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request, reply) => reply.status(201).send({ data: await requestErasure(db, request.user!, request.body.client_id, deps.now()) }),
  );

  app.get(
    '/api/privacy/erasurerequests',
    {
      config: { access: ADMIN },
      schema: { tags, querystring: ListQuery, response: { 200: listOf(ErasureRecord), ...errorReplies(400, 401, 403) } },
    },
    (request) => listErasureRequests(deps.reads(request), request.query),
  );

  app.post(
    '/api/privacy/approveerasure',
    { config: { access: ADMIN }, schema: { tags, body: IdBody, response: { 200: dataOf(ErasureRecord), ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await approveErasure(db, request.user!, request.body.id, deps.now(), proofs) }),
  );

  app.post(
    '/api/privacy/declineerasure',
    { config: { access: ADMIN }, schema: { tags, body: DeclineBody, response: { 200: dataOf(ErasureRecord), ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await declineErasure(db, request.user!, request.body.id, request.body.reason.trim(), deps.now()) }),
  );
};
