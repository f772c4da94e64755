import { Type, type Static } from 'typebox';
import { Id, dataOf } from '../../http/schemas';
import { Nullable } from '../clients/schemas';
import { MAX_QUANTITY } from '../../../shared/orders/limits';
import { MAX_LINES } from '../orders/schemas';
import { locales } from '../../../i18n/locales';

/** The deliveries calls' shapes. */

export const CreateDeliveryBody = Type.Object(
  {
    order_id: Id,
    lines: Type.Array(Type.Object({ order_line_id: Id, quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: MAX_LINES,
    }),
    courier: Type.Optional(Type.String({ maxLength: 100 })),
    waybill: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type CreateDeliveryInput = Static<typeof CreateDeliveryBody>;

export const DeliveryLine = Type.Object({
  order_line_id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  sku: Type.String(),
  quantity: Type.Integer(),
});

export const Delivery = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  order_id: Type.Integer(),
  order_reference: Type.String(),
  client_id: Type.Integer(),
  branch_id: Type.Integer(),
  courier: Type.String(),
  waybill: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  created_by: Nullable(Type.Integer()),
  /** The invoice of what left; null when the order was invoiced whole before it left. */
  invoice_id: Nullable(Type.Integer()),
  invoice_number: Nullable(Type.String()),
  /** Set together by the proof of delivery. */
  signed_by: Nullable(Type.String()),
  delivered_at: Nullable(Type.String({ format: 'date-time' })),
  captured_at: Nullable(Type.String({ format: 'date-time' })),
  lat: Nullable(Type.Number()),
  lng: Nullable(Type.Number()),
  has_photo: Type.Boolean(),
  lines: Type.Array(DeliveryLine),
});
export type DeliveryRecord = Static<typeof Delivery>;
export const DeliveryReply = dataOf(Delivery);
export const DeliveryList = Type.Object({ data: Type.Array(Delivery), total: Type.Integer() });
/** An order's deliveries, or one delivery by its id (the proof screen opens one), or the latest. */
export const DeliveryListQuery = Type.Object({ order_id: Type.Optional(Id), id: Type.Optional(Id) });

const Locale = Type.Optional(Type.Enum([...locales]));
export const NotePdfQuery = Type.Object({ id: Id, locale: Locale });
export const PickingPdfQuery = Type.Object({ order_id: Id, locale: Locale });
