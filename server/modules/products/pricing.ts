import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { groupProducts, groupRoles, priceRules, products } from '../../db/schema';
import type { CurrentUser, RoleName } from '../../auth/roles';
import { qualified } from './queryParts';

export { rolePrice } from './priceRule';

/** Roles that work with the catalogue itself and see base prices; every other role sees only its own price. */
export const BASE_PRICE_ROLES: readonly RoleName[] = ['admin', 'production'];

export type PricedUser = Pick<CurrentUser, 'role' | 'roleId'>;

export const seesBasePrices = (user: PricedUser) => BASE_PRICE_ROLES.includes(user.role);

/** How a query over `products` gets the caller's price: an expression, and for priced roles the join it reads. */
export interface PriceSource {
  price: SQL<number>;
  join: { table: PgTable | ReturnType<typeof roleChanges>; on: SQL } | null;
}

/**
 * Per product, the lowest `percentile_change` of the role over the groups that hold both the product
 * and the role (a linked role without a rule counts as no change). Computed once per query as a
 * grouped subquery and hash-joined, not once per row.
 */
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

/**
 * The caller's price of each `products` row (DESIGN §4): the base price for admin and production;
 * otherwise `base × (1 + change/100)` rounded to the cent (PostgreSQL's round: halves away from
 * zero, as `rolePrice`) with the lowest change over the groups holding both the product and the
 * user's role — the lowest change gives the lowest price — and the base price where no group does.
 */
export function priceSource(db: Db | Tx, user: PricedUser): PriceSource {
  if (seesBasePrices(user)) return { price: sql<number>`${qualified(products.price)}`, join: null };
  const changes = roleChanges(db, user.roleId);
  return {
    price: sql<number>`coalesce(round(${qualified(products.price)} * (100 + ${changes.change}) / 100)::integer, ${qualified(products.price)})`.mapWith(Number),
    join: { table: changes, on: eq(changes.productId, products.id) },
  };
}

/**
 * What each product costs this user, in cents, in one query: for the order lines and every
 * screen that shows a price. Products that do not exist are absent from the map.
 */
export async function pricesFor(db: Db | Tx, user: PricedUser, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const source = priceSource(db, user);
  const query = db.select({ id: products.id, price: source.price }).from(products).$dynamic();
  if (source.join) query.leftJoin(source.join.table, source.join.on);
  const rows = await query.where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((row) => [row.id, row.price]));
}
