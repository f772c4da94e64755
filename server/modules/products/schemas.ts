import { Type, type Static } from 'typebox';
import { Id, dataOf, listOf } from '../../http/schemas';
import { listQuerySchema } from '../../http/listQuery';
import { VatClassSchema } from '../billing/wire';
import { MAX_PERCENTILE_CHANGE, MIN_PERCENTILE_CHANGE } from '../../../shared/pricing/priceRule';
import { MAX_LOW_STOCK_MARK } from '../../../shared/stock/availability';

/** The wire shapes of the Products calls (snake_case wire names). */

const IdList = Type.Array(Id, { maxItems: 10_000 });
const Text = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });

/** http(s) addresses or a path on the portal itself; never `javascript:`, `data:` or `//host`. */
export const IMAGE_URL_PATTERN = '^(|https?://[^\\s]+|(?!//)[^\\s:]+)$';

export const Product = Type.Object({
  id: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** Cents: the base price for admin and production, the caller's own role price for everyone else. */
  price: Type.Integer(),
  active: Type.Boolean(),
  display_material: Type.Boolean(),
  image_url: Type.Union([Type.String(), Type.Null()]),
  property_value_ids: Type.Array(Type.Integer()),
  /** Standard-rated, zero-rated or exempt: which VAT the product's price carries. */
  vat_class: VatClassSchema,
  /**
   * Admin and production only (a stock figure, never a member's): available units below which the
   * product is "low"; null, the company's default (LOW_STOCK_MARK).
   */
  low_stock_mark: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** The record's version: a save sends it back in If-Match (a stale one is a 409). */
  version: Type.Integer(),
});
export type ProductRecord = Static<typeof Product>;

export const ProductList = listOf(Product);
export const ProductReply = dataOf(Product);

export const productSortFields = ['name', 'sku', 'price', 'active', 'id'] as const;
const productFilters = {
  /** Searches name and SKU. */
  q: Type.Optional(Text(200)),
  /** Exact product codes, comma-separated, any case (quick order: many typed codes in one call). */
  skus: Type.Optional(Text(20_000)),
  active: Type.Optional(Type.Boolean()),
  display_material: Type.Optional(Type.Boolean()),
  group_id: Type.Optional(Id),
  property_value_id: Type.Optional(Id),
};
export const ProductListQuery = listQuerySchema(productSortFields, productFilters);
export type ProductListParams = Static<typeof ProductListQuery>;

export const ProductInput = Type.Object(
  {
    id: Type.Optional(Id),
    sku: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }),
    name: Text(200, 1),
    description: Type.Optional(Type.Union([Text(5000), Type.Null()])),
    price: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
    active: Type.Optional(Type.Boolean()),
    display_material: Type.Optional(Type.Boolean()),
    vat_class: Type.Optional(VatClassSchema),
    /** Null: the company's default mark. Unsaid on an update: the product keeps its mark. */
    low_stock_mark: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: MAX_LOW_STOCK_MARK }), Type.Null()])),
    image_url: Type.Optional(Type.Union([Type.String({ maxLength: 2000, pattern: IMAGE_URL_PATTERN }), Type.Null()])),
    property_value_ids: Type.Optional(IdList),
  },
  { additionalProperties: false },
);
export type ProductInputBody = Static<typeof ProductInput>;

export { IdBody, IdQuery, IdReply } from '../../http/schemas';

export const PropertyValue = Type.Object({ id: Type.Integer(), value: Type.String() });
export const Property = Type.Object({ id: Type.Integer(), name: Type.String(), values: Type.Array(PropertyValue) });
export type PropertyRecord = Static<typeof Property>;
export const PropertyList = listOf(Property);
export const PropertyReply = dataOf(Property);
export const PropertyListQuery = listQuerySchema(['name', 'id'] as const, { q: Type.Optional(Text(200)) });
export type PropertyListParams = Static<typeof PropertyListQuery>;

const ValueInputs = Type.Array(
  Type.Object({ id: Type.Optional(Id), value: Text(100, 1) }, { additionalProperties: false }),
  { maxItems: 500 },
);
export type ValueInput = Static<typeof ValueInputs>[number];
export const PropertyInput = Type.Object(
  { id: Type.Optional(Id), name: Text(100, 1), values: Type.Optional(ValueInputs) },
  { additionalProperties: false },
);
export type PropertyInputBody = Static<typeof PropertyInput>;
export const PropertyValuesInput = Type.Object({ property_id: Id, values: ValueInputs }, { additionalProperties: false });

export const Group = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  product_ids: Type.Array(Type.Integer()),
  role_ids: Type.Array(Type.Integer()),
});
export type GroupRecord = Static<typeof Group>;
export const GroupList = listOf(Group);
export const GroupReply = dataOf(Group);
export const GroupListQuery = listQuerySchema(['name', 'id'] as const, { q: Type.Optional(Text(200)) });
export type GroupListParams = Static<typeof GroupListQuery>;
export const GroupInput = Type.Object(
  {
    id: Type.Optional(Id),
    name: Text(200, 1),
    description: Type.Optional(Type.Union([Text(2000), Type.Null()])),
    product_ids: Type.Optional(IdList),
    role_ids: Type.Optional(Type.Array(Id, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type GroupInputBody = Static<typeof GroupInput>;

/** `percentile_change` in (-100, 1000], e.g. -12.5 for 12.5 % off. */
export const PercentileChange = Type.Number({ exclusiveMinimum: MIN_PERCENTILE_CHANGE, maximum: MAX_PERCENTILE_CHANGE });
export const PriceRule = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  role_id: Type.Integer(),
  percentile_change: Type.Number(),
});
export type PriceRuleRecord = Static<typeof PriceRule>;
export const PriceRuleReply = dataOf(PriceRule);
export const PriceRuleInput = Type.Object(
  { id: Type.Optional(Id), group_id: Id, role_id: Id, percentile_change: PercentileChange },
  { additionalProperties: false },
);
export type PriceRuleInputBody = Static<typeof PriceRuleInput>;

const RoleFields = {
  id: Type.Integer(),
  name: Type.String(),
  display_name: Type.String(),
  description: Type.String(),
};
/** A group's details, as `products/group?id=` answers them. */
export const GroupDetails = Type.Object({
  ...Group.properties,
  /** The group's linked products, at base price. */
  all_products: Type.Array(Type.Object({ id: Type.Integer(), sku: Type.String(), name: Type.String(), price: Type.Integer(), active: Type.Boolean() })),
  /** Every role a group can price, each flagged whether it is linked to this group. */
  all_roles: Type.Array(Type.Object({ ...RoleFields, is_linked: Type.Boolean() })),
  /** A linked role's price rule for the group, one per linked role. */
  role_pricing: Type.Array(
    Type.Object({
      ...RoleFields,
      percentile_change: Type.Union([Type.Number(), Type.Null()]),
      rule_id: Type.Union([Type.Integer(), Type.Null()]),
      prices_array: Type.Array(PriceRule),
    }),
  ),
  /** The linked roles, each with its price rules. */
  roles: Type.Array(Type.Object({ ...RoleFields, prices: Type.Array(PriceRule) })),
});
export type GroupDetailsRecord = Static<typeof GroupDetails>;
export const GroupDetailsReply = dataOf(GroupDetails);
