import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Id, errorReplies, listOf } from '../../http/schemas';
import { listQuerySchema } from '../../http/listQuery';
import type { ModuleDeps } from '../deps';
import { Nullable } from '../clients/schemas';
import { auditSortFields, listAudit } from './service';


/** A changed field's value as it was and as it became: any JSON (text, number, flag, list, object). */
const FieldChange = Type.Object({ field: Type.String(), before: Type.Unknown(), after: Type.Unknown() });

const AuditRecord = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  user_id: Nullable(Type.Integer()),
  user_name: Nullable(Type.String()),
  user_email: Nullable(Type.String()),
  action: Type.String(),
  entity: Type.String(),
  entity_id: Nullable(Type.String()),
  data: Type.Record(Type.String(), Type.Unknown()),
  changes: Type.Array(FieldChange),
});

const Name = Type.String({ maxLength: 100 });
const AuditListQuery = listQuerySchema(auditSortFields, {
  user_id: Type.Optional(Id),
  user: Type.Optional(Type.String({ maxLength: 200 })),
  entity: Type.Optional(Name),
  entity_id: Type.Optional(Type.String({ maxLength: 40 })),
  action: Type.Optional(Name),
  date_from: Type.Optional(Type.String({ format: 'date' })),
  date_to: Type.Optional(Type.String({ format: 'date' })),
});

/** The audit log that every write fills, for the admin's audit screen (`/audit-log`). */
export const auditRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/auditlog',
    {
      config: { access: ['admin'] },
      schema: { tags: ['admin'], querystring: AuditListQuery, response: { 200: listOf(AuditRecord), ...errorReplies(400, 401, 403) } },
    },
    (request) => listAudit(deps.reads(request), request.query),
  );
};
