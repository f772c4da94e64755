import { Type, type Static } from 'typebox';
import { Id, MAX_ID, cappedListOf, dataOf, listOf } from '../../http/schemas';
import { ExactTotal, Page, listQuerySchema } from '../../http/listQuery';
import { orderStatuses } from './workflow';
import { ClassTotalsSchema, CreditPositionSchema, VatClassSchema } from '../billing/wire';
import { MAX_QUANTITY } from '../../../shared/orders/limits';
import { CourierTrackingFields } from '../courier/schemas';

/** The wire shapes of the `api/orders/*` calls (snake_case names). */

export const Status = Type.Enum([...orderStatuses]);
const Text = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });
const Timestamp = Type.String({ format: 'date-time' });

/** Orders hold at most this many lines; a bigger basket is split in two orders. */
export const MAX_LINES = 200;
export { MAX_QUANTITY };

/** A line as every view of an order shows it (the public tracking page too): the frozen price and its VAT. */
const PricedLineFields = {
  product_name: Type.String(),
  quantity: Type.Integer(),
  unit_price: Type.Integer(),
  line_total: Type.Integer(),
  vat: Type.Integer(),
  vat_class: VatClassSchema,
};

export const OrderLine = Type.Object({
  /** The line's own id (a delivery names the lines it carries). */
  id: Type.Integer(),
  product_id: Type.Integer(),
  ...PricedLineFields,
  sku: Type.String(),
  rate_bp: Type.Integer(),
  property_value_ids: Type.Array(Type.Integer()),
});

/** An order's VAT (see docs/billing.md): the lines' VAT summed, and its invoice once issued. */
const VatFields = {
  vat: Type.Integer(),
  total_excl_vat: Type.Integer(),
  prices_include_vat: Type.Boolean(),
  vat_by_class: Type.Array(ClassTotalsSchema),
};

const OrderSummaryFields = {
  id: Type.Integer(),
  reference: Type.String(),
  client_id: Type.Integer(),
  client_name: Type.String(),
  branch_id: Type.Integer(),
  status: Status,
  total: Type.Integer(),
  line_count: Type.Integer(),
  courier_name: Type.String(),
  tracking_number: Type.String(),
  created_at: Timestamp,
};
export const OrderSummary = Type.Object(OrderSummaryFields);
export type OrderSummaryRecord = Static<typeof OrderSummary>;

export const Order = Type.Object({
  ...OrderSummaryFields,
  client_type: Type.String(),
  created_by: Type.Integer(),
  notes: Type.String(),
  token: Type.String(),
  version: Type.Integer(),
  updated_at: Timestamp,
  lines: Type.Array(OrderLine),
  ...VatFields,
  /** The order's first invoice (its only one unless it left in several deliveries). */
  invoice: Type.Union([Type.Object({ id: Type.Integer(), number: Type.String() }), Type.Null()]),
  /** Every invoice of the order, oldest first: one per delivery, or the one of the whole order. */
  invoices: Type.Array(Type.Object({ id: Type.Integer(), number: Type.String() })),
  next_statuses: Type.Array(Status),
  history: Type.Array(Type.Object({ from_status: Type.Union([Status, Type.Null()]), to_status: Status, by: Type.String(), at: Timestamp })),
  ...CourierTrackingFields,
});
export type OrderRecord = Static<typeof Order>;
export const OrderReply = dataOf(Order);

const PeriodFigures = Type.Object({ count: Type.Integer(), value: Type.Integer() });
export const StatusStats = Type.Object({ status: Status, this_month: PeriodFigures, last_month: PeriodFigures });
export const OrderStats = Type.Object({
  this_month: PeriodFigures,
  last_month: PeriodFigures,
  by_status: Type.Array(StatusStats),
});
export type OrderStatsRecord = Static<typeof OrderStats>;

export const orderSortFields = ['created_at', 'reference', 'total', 'status', 'client_name', 'id'] as const;
export const OrderListQuery = listQuerySchema(orderSortFields, {
  /** -1 (no branch selected) or absent: every branch the caller may see. */
  branch_id: Type.Optional(Type.Integer({ minimum: -1, maximum: MAX_ID })),
  status: Type.Optional(Status),
  client_id: Type.Optional(Id),
  date_from: Type.Optional(Type.String({ format: 'date' })),
  date_to: Type.Optional(Type.String({ format: 'date' })),
  /** Searches the reference and the client's name. */
  q: Type.Optional(Text(200)),
  /** A search's total counted to the last order instead of stopping at 10,000 (`total_capped`). */
  exact_total: ExactTotal,
});
export type OrderListParams = Static<typeof OrderListQuery>;
/** `orders/production_queue`: quantities and counts, never money (production reads it). */
export const ProductionQueueReply = Type.Object({
  /** By product, what confirmed orders wait for (backordered) and no open work order covers, most first. */
  data: Type.Array(Type.Object({ product_id: Type.Integer(), sku: Type.String(), name: Type.String(), quantity: Type.Integer(), orders: Type.Integer() })),
  /** Orders waiting at each step before dispatch, in workflow order. */
  waiting: Type.Array(Type.Object({ status: Type.String(), orders: Type.Integer() })),
});

export const OrderList = Type.Object({
  ...cappedListOf(OrderSummary).properties,
  stats: OrderStats,
});

const LineInput = Type.Object(
  {
    product_id: Id,
    quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }),
    property_value_ids: Type.Optional(Type.Array(Id, { maxItems: 20 })),
  },
  // A price sent by a client is ignored: accepted, never read.
  { additionalProperties: true },
);
export type LineInputBody = Static<typeof LineInput>;
const Lines = Type.Array(LineInput, { minItems: 1, maxItems: MAX_LINES });

export const CreateOrderInput = Type.Object(
  {
    client_id: Id,
    branch_id: Type.Optional(Id),
    lines: Lines,
    notes: Type.Optional(Text(4000)),
    /** An admin's reason to take the client over its credit limit (audited); ignored below the limit. */
    credit_override_reason: Type.Optional(Text(500, 3)),
  },
  { additionalProperties: true },
);
export type CreateOrderBody = Static<typeof CreateOrderInput>;

export const UpdateOrderInput = Type.Object(
  { id: Id, version: Type.Integer({ minimum: 1, maximum: MAX_ID }), lines: Type.Optional(Lines), notes: Type.Optional(Text(4000)) },
  { additionalProperties: true },
);
export type UpdateOrderBody = Static<typeof UpdateOrderInput>;

export const UpdateStatusInput = Type.Object({ id: Id, status: Status }, { additionalProperties: false });
export const CourierInput = Type.Object(
  { id: Id, courier_name: Text(100), tracking_number: Text(100) },
  { additionalProperties: false },
);

export const Quote = dataOf(
  Type.Object({
    client_id: Type.Integer(),
    lines: Type.Array(
      Type.Object({
        product_id: Type.Integer(),
        quantity: Type.Integer(),
        unit_price: Type.Integer(),
        line_total: Type.Integer(),
        vat: Type.Integer(),
        vat_class: VatClassSchema,
        rate_bp: Type.Integer(),
      }),
    ),
    total: Type.Integer(),
    vat: Type.Integer(),
    total_excl_vat: Type.Integer(),
    prices_include_vat: Type.Boolean(),
    /** The client's credit position with this order: null when it has no limit. */
    credit: Type.Union([CreditPositionSchema, Type.Null()]),
  }),
);

/** `orders/reorder`: a past order's lines as a new draft at today's prices, and what was left out. */
export const Reorder = Type.Object({
  client_id: Type.Integer(),
  lines: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      sku: Type.String(),
      name: Type.String(),
      quantity: Type.Integer(),
      /** Today's price for this client, in cents. */
      unit_price: Type.Integer(),
      property_value_ids: Type.Array(Type.Integer()),
      /** The values this product offers now. */
      offered: Type.Array(Type.Integer()),
      /** Options the line was ordered with that the product no longer offers: left off the line, to be chosen again. */
      options_gone: Type.Array(Type.Object({ id: Type.Integer(), property: Type.String(), value: Type.String() })),
    }),
  ),
  /** Lines of the order whose products are no longer sold. */
  left_out: Type.Array(Type.Object({ product_id: Type.Integer(), sku: Type.String(), name: Type.String(), quantity: Type.Integer() })),
});
export type ReorderRecord = Static<typeof Reorder>;
export const ReorderReply = dataOf(Reorder);

export const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });

export const OrderProperties = dataOf(
  Type.Object({
    statuses: Type.Array(Type.Object({ id: Status, next: Type.Array(Status), editable: Type.Boolean(), deletable: Type.Boolean() })),
    couriers: Type.Array(Type.String()),
    max_lines: Type.Integer(),
  }),
);

/** Any text: a token of the wrong shape is just another wrong token (404), not a 400. */
export const TokenQuery = Type.Object({ token: Type.String({ maxLength: 200 }) });
export const TrackedOrder = dataOf(
  Type.Object({
    /** Lets an admin-type client open the order in the back office (where it is guarded). */
    id: Type.Integer(),
    reference: Type.String(),
    status: Status,
    created_at: Timestamp,
    dispatched_at: Type.Union([Timestamp, Type.Null()]),
    delivered_at: Type.Union([Timestamp, Type.Null()]),
    courier_name: Type.String(),
    tracking_number: Type.String(),
    /** The courier's events of the order's waybills, in time order, and the courier's own tracking links. */
    ...CourierTrackingFields,
    total: Type.Integer(),
    vat: Type.Integer(),
    total_excl_vat: Type.Integer(),
    vat_by_class: Type.Array(ClassTotalsSchema),
    lines: Type.Array(Type.Object(PricedLineFields)),
    /** The client's name and type only: the page is public (no email, phone or notes). */
    client: Type.Object({ name: Type.String(), type: Type.String() }),
    /** Each delivery and who signed for it when (never the signature or photo: the page is public). */
    deliveries: Type.Array(
      Type.Object({ number: Type.String(), created_at: Timestamp, courier: Type.String(), waybill: Type.String(), signed_by: Type.Union([Type.String(), Type.Null()]), delivered_at: Type.Union([Timestamp, Type.Null()]) }),
    ),
  }),
);

export const Comment = Type.Object({ id: Type.Integer(), order_id: Type.Integer(), text: Type.String(), author: Type.String(), created_at: Timestamp });
export const CommentList = listOf(Comment);
export const CommentReply = dataOf(Comment);
export const CommentListQuery = Type.Object({
  order_id: Id,
  page: Page,
  perPage: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
});
export const CommentInput = Type.Object(
  // Whitespace-only text is refused too, with the same message.
  { order_id: Id, text: Type.String({ minLength: 1, maxLength: 4000, pattern: '\\S' }) },
  { additionalProperties: false },
);
