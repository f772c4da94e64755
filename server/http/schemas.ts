import { Type, type TSchema } from 'typebox';

/** The shapes every module shares: `{data}` for reads and writes, `{data, total}` for lists. */
export const ErrorReply = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { $id: 'ErrorReply' },
);

export const dataOf = <T extends TSchema>(schema: T) => Type.Object({ data: schema });
export const listOf = <T extends TSchema>(schema: T) => Type.Object({ data: Type.Array(schema), total: Type.Integer() });
/** A list whose searches stop counting at 10,000 (server/http/listQuery.ts, `cappedCount`). */
export const cappedListOf = <T extends TSchema>(schema: T) =>
  Type.Object({
    ...listOf(schema).properties,
    /** True when a search matched more rows than it counted: `total` is then a floor (the screen says "10,000+"). */
    total_capped: Type.Boolean(),
  });

export const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' });
/** PostgreSQL's `integer` (serial) range: a larger id is a 400 naming the field, not a database error (500). */
export const MAX_ID = 2_147_483_647;
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

/** The 4xx answers a route can give, for the OpenAPI document. */
export const errorReplies = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, Type.Ref('ErrorReply')]));

/** `POST …/delete {id}` and `GET …?id=`, shared by every module. */
export const IdBody = Type.Object({ id: Id }, { additionalProperties: false });
export const IdQuery = Type.Object({ id: Id });
export const IdReply = dataOf(Type.Object({ id: Type.Integer() }));
