import { Type } from 'typebox';
import { clientTypes, membershipStatuses } from '../../db/schema';
import { Id } from '../../http/schemas';

export const ClientType = Type.Enum(clientTypes);
export const MembershipStatus = Type.Enum(membershipStatuses);
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** The client, as every clients/* call answers it. */
export const ClientRecord = Type.Object({
  id: Type.Integer(),
  type: ClientType,
  name: Type.String(),
  contact_name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  branch_id: Nullable(Type.Integer()),
  membership_status: MembershipStatus,
  membership_expires_at: Nullable(Type.String({ format: 'date-time' })),
  rep_ids: Type.Array(Type.Integer()),
  question_answers: Type.Record(Type.String(), Type.String()),
  archived: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  /** The record's version: a save sends it back in If-Match (a stale one is a 409). */
  version: Type.Integer(),
});

export const ClientWithOrders = Type.Intersect([
  ClientRecord,
  Type.Object({
    orders: Type.Array(Type.Record(Type.String(), Type.Unknown())),
    order_counts: Type.Object({ total: Type.Integer(), by_status: Type.Record(Type.String(), Type.Integer()) }),
  }),
]);

const Text = (maxLength: number) => Type.String({ maxLength });

/**
 * clients/save. Fields left out keep their value; a record read from the API may be sent back as
 * it is (react-admin does), its read-only fields are ignored.
 */
export const ClientSaveBody = Type.Object({
  id: Type.Optional(Id),
  type: Type.Optional(ClientType),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  contact_name: Type.Optional(Text(200)),
  email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' })])),
  phone: Type.Optional(Text(50)),
  address: Type.Optional(Text(500)),
  branch_id: Type.Optional(Nullable(Id)),
  membership_status: Type.Optional(MembershipStatus),
  membership_expires_at: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  rep_ids: Type.Optional(Type.Array(Id, { maxItems: 100 })),
});

export const QuestionAnswersBody = Type.Object({
  id: Id,
  answers: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 5000 }), { maxProperties: 100 }),
});
