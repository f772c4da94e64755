import { Type, type Static } from 'typebox';
import { Id, dataOf, listOf } from '../../http/schemas';
import { listQuerySchema } from '../../http/listQuery';
import { Nullable } from '../clients/schemas';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../../../shared/webhooks/events';

export const endpointSortFields = ['id', 'url', 'created_at'] as const;
export const deliverySortFields = ['created_at', 'status', 'event'] as const;

export const EndpointListQuery = listQuerySchema(endpointSortFields, {});
export const DeliveryListQuery = listQuerySchema(deliverySortFields, {
  endpoint_id: Type.Optional(Id),
  status: Type.Optional(Type.Union(WEBHOOK_DELIVERY_STATUSES.map((s) => Type.Literal(s)))),
});
export type DeliveryListParams = Static<typeof DeliveryListQuery>;

export const EndpointRecord = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(Type.String()),
  active: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  /** Only in the answer that creates the endpoint or rotates its secret: it is never shown again. */
  secret: Type.Optional(Type.String()),
});
export type EndpointRecord = Static<typeof EndpointRecord>;

/**
 * webhooks/saveendpoint: creates (no id, a new secret) or updates. `rotate_secret` replaces the
 * secret of an existing endpoint (answered once, like a new one's). Event names are checked by the
 * service, so an unknown one answers 400 naming `events` itself.
 */
export const SaveEndpointBody = Type.Object(
  {
    id: Type.Optional(Id),
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    events: Type.Array(Type.String({ maxLength: 100 }), {
      minItems: 1,
      maxItems: 20,
      description: `Any of ${WEBHOOK_EVENTS.join(', ')}`,
    }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    active: Type.Optional(Type.Boolean()),
    rotate_secret: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SaveEndpointBody = Static<typeof SaveEndpointBody>;

export const DeliveryRecord = Type.Object({
  id: Type.String(),
  endpoint_id: Type.Integer(),
  event: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  status: Type.String(),
  attempts: Type.Integer(),
  response_status: Nullable(Type.Integer()),
  response_body: Nullable(Type.String()),
  error: Nullable(Type.String()),
  duration_ms: Nullable(Type.Integer()),
  created_at: Type.String({ format: 'date-time' }),
  last_attempt_at: Nullable(Type.String({ format: 'date-time' })),
  delivered_at: Nullable(Type.String({ format: 'date-time' })),
});
export type DeliveryRecord = Static<typeof DeliveryRecord>;

export const DeliveryIdBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

export const EndpointReply = dataOf(EndpointRecord);
export const EndpointList = listOf(EndpointRecord);
export const DeliveryReply = dataOf(DeliveryRecord);
export const DeliveryList = listOf(DeliveryRecord);
