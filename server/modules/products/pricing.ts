import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { groupProducts, groupRoles, priceRules, productPropertyValues, products } from '../../db/schema';
import type { CurrentUser, RoleName } from '../../auth/roles';
import { linkedIds, qualified } from '../../db/queryParts';

export { rolePrice } from '../../../shared/pricing/priceRule';

/** Roles that work with the catalogue itself and see base prices; every other role sees only its own price. */
export const BASE_PRICE_ROLES: readonly RoleName[] = ['admin', 'production'];

export type PricedUser = Pick<CurrentUser, 'role' | 'roleId'>;

export const seesBasePrices = (user: PricedUser) => BASE_PRICE_ROLES.includes(user.role);

/** How a query over `products` gets the caller's price: an expression, and for priced roles the join it reads. */
export interface PriceSource {
  price: SQL<number>;
  join: { table: PgTable | ReturnType<typeof roleChanges>; on: SQL } | null;
}

/** The SQL of the rule: `base × (1 + change/100)` rounded to the cent; the base price where no change applies. */
const withChange = (change: SQL | SQL.Aliased) =>
  sql<number>`coalesce(round(${qualified(products.price)} * (100 + ${change}) / 100)::integer, ${qualified(products.price)})`.mapWith(Number);

/** A role's changes from every group, once per query, hash-joined: for queries that price most products. */
function roleChanges(db: Db | Tx, roleId: number) {
  return db
    .select({
      productId: groupProducts.productId,
      change: sql<string>`min(coalesce(${qualified(priceRules.percentileChange)}, 0))`.as('change'),
    })
    .from(groupRoles)
    .innerJoin(groupProducts, eq(groupProducts.groupId, groupRoles.groupId))
    .leftJoin(priceRules, and(eq(priceRules.groupId, groupRoles.groupId), eq(priceRules.roleId, groupRoles.roleId)))
    .where(eq(groupRoles.roleId, roleId))
    .groupBy(groupProducts.productId)
    .as('role_changes');
}

/** The same change for the one product of the row in scope: for queries that price only a page. */
const rowChange = (roleId: number) => sql`(
  select min(coalesce(${qualified(priceRules.percentileChange)}, 0))
  from ${groupProducts}
  join ${groupRoles} on ${qualified(groupRoles.groupId)} = ${qualified(groupProducts.groupId)} and ${qualified(groupRoles.roleId)} = ${roleId}
  left join ${priceRules} on ${qualified(priceRules.groupId)} = ${qualified(groupRoles.groupId)} and ${qualified(priceRules.roleId)} = ${qualified(groupRoles.roleId)}
  where ${qualified(groupProducts.productId)} = ${qualified(products.id)}
)`;

/**
 * The caller's price of each `products` row: the base price for admin and production;
 * otherwise `base × (1 + change/100)` rounded to the cent (PostgreSQL's round: halves away from
 * zero, as `rolePrice`) with the lowest change over the groups holding both the product and the
 * user's role (the lowest change gives the lowest price; a linked role without a rule is no
 * change), and the base price where no group does.
 *
 * `manyRows`: the query prices (nearly) every product — sorting by price, a long id list — so the
 * changes are aggregated once and joined; otherwise each returned row looks its own up, which costs
 * nothing for rows a LIMIT leaves out.
 */
export function priceSource(db: Db | Tx, user: PricedUser, manyRows = false): PriceSource {
  if (seesBasePrices(user)) return { price: sql<number>`${qualified(products.price)}`, join: null };
  if (!manyRows) return { price: withChange(rowChange(user.roleId)), join: null };
  const changes = roleChanges(db, user.roleId);
  return { price: withChange(changes.change), join: { table: changes, on: eq(changes.productId, products.id) } };
}

/** Above this many products, `pricesFor` aggregates the role's changes once instead of per product. */
const MANY_PRODUCTS = 200;

/**
 * What each product costs this user, in cents, in one query: for the order lines and every
 * screen that shows a price. Products that do not exist are absent from the map.
 */
export async function pricesFor(db: Db | Tx, user: PricedUser, productIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await pricedProducts(db, user, productIds);
  return new Map(rows.map((row) => [row.id, row.price]));
}

/**
 * The products of `productIds` with this user's price and what an order line checks of them
 * (for sale? which property values?), in one query: pricing an order's lines is one round trip.
 */
export async function pricedProducts(db: Db | Tx, user: PricedUser, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  const ids = [...new Set(productIds)];
  const source = priceSource(db, user, ids.length > MANY_PRODUCTS);
  const query = db
    .select({
      id: products.id,
      price: source.price,
      active: products.active,
      sku: products.sku,
      vatClass: products.vatClass,
      valueIds: linkedIds(productPropertyValues.propertyValueId, productPropertyValues.productId, products.id),
    })
    .from(products)
    .$dynamic();
  if (source.join) query.leftJoin(source.join.table, source.join.on);
  return query.where(inArray(products.id, ids));
}
