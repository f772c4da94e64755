import { Type, type Static } from 'typebox';
import { Id, MAX_ID, dataOf, listOf } from '../../http/schemas';
import { IdList, listQuerySchema } from '../../http/listQuery';
import { Nullable } from '../clients/schemas';
import { STOCK_AVAILABILITY, stockMovementKinds } from '../../../shared/stock/availability';
import { MAX_QUANTITY } from '../../../shared/orders/limits';

/** The stock calls' shapes: quantities are whole units. */

const Kind = Type.Enum([...stockMovementKinds]);

export const levelSortFields = ['product_name', 'sku', 'branch_id', 'on_hand', 'reserved', 'available', 'backordered', 'in_production'] as const;
export type LevelSortField = (typeof levelSortFields)[number];
export const LevelListQuery = listQuerySchema(levelSortFields, {
  /** -1 (no branch selected) or absent: every branch. */
  branch_id: Type.Optional(Type.Integer({ minimum: -1, maximum: MAX_ID })),
  product_id: Type.Optional(Id),
  /** Searches the product's name and SKU. */
  q: Type.Optional(Type.String({ maxLength: 200 })),
});
export type LevelListParams = Static<typeof LevelListQuery>;

export const LevelRow = Type.Object({
  /** `branch_id-product_id`: one row per product on sale in each branch. */
  id: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  sku: Type.String(),
  on_hand: Type.Integer(),
  reserved: Type.Integer(),
  /** On hand less reserved. */
  available: Type.Integer(),
  backordered: Type.Integer(),
  in_production: Type.Integer(),
  /** The product's low-stock mark (its own, or the company's default): available below it is "low". */
  low_mark: Type.Integer(),
});
export type LevelRecord = Static<typeof LevelRow>;
export const LevelList = listOf(LevelRow);

export const movementSortFields = ['at', 'id'] as const;
export const MovementListQuery = listQuerySchema(movementSortFields, {
  branch_id: Type.Optional(Id),
  product_id: Type.Optional(Id),
  order_id: Type.Optional(Id),
  kind: Type.Optional(Kind),
  date_from: Type.Optional(Type.String({ format: 'date' })),
  date_to: Type.Optional(Type.String({ format: 'date' })),
});
export type MovementListParams = Static<typeof MovementListQuery>;

export const MovementRow = Type.Object({
  id: Type.Integer(),
  branch_id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  item_key: Type.String(),
  kind: Kind,
  /** What it did to on hand, reserved and backordered (signed). */
  quantity: Type.Integer(),
  reserved: Type.Integer(),
  backordered: Type.Integer(),
  reason: Type.String(),
  order_id: Nullable(Type.Integer()),
  order_line_id: Nullable(Type.Integer()),
  user_id: Nullable(Type.Integer()),
  user_name: Nullable(Type.String()),
  at: Type.String({ format: 'date-time' }),
});
export type MovementRecord = Static<typeof MovementRow>;
export const MovementList = listOf(MovementRow);

export const AdjustBody = Type.Object(
  {
    branch_id: Id,
    product_id: Id,
    /** Signed: units found (+) or lost, broken, taken (−). */
    quantity: Type.Integer({ minimum: -MAX_QUANTITY, maximum: MAX_QUANTITY }),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
    /** A count (the screen sends what was counted less what was on hand) or another adjustment (default). */
    kind: Type.Optional(Type.Union([Type.Literal('adjustment'), Type.Literal('count')])),
  },
  { additionalProperties: false },
);
export type AdjustInput = Static<typeof AdjustBody>;
export const AdjustReply = dataOf(LevelRow);

export const AvailabilityQuery = Type.Object({
  product_ids: IdList,
  /** Default: the branch of `client_id` (a client the caller may order for), else the caller's client's, else the default branch. */
  branch_id: Type.Optional(Id),
  client_id: Type.Optional(Id),
});
/** `expected_on`: for a backordered product, the day the earliest work order for it is planned (else null). */
export const AvailabilityReply = dataOf(
  Type.Array(Type.Object({ product_id: Type.Integer(), availability: Type.Enum([...STOCK_AVAILABILITY]), expected_on: Nullable(Type.String({ format: 'date' })) })),
);

export const OrderStockQuery = Type.Object({ order_id: Id });
export const OrderStockReply = dataOf(
  Type.Array(
    Type.Object({
      order_line_id: Nullable(Type.Integer()),
      product_id: Type.Integer(),
      quantity: Type.Integer(),
      reserved: Type.Integer(),
      backordered: Type.Integer(),
      delivered: Type.Integer(),
    }),
  ),
);
