import { inArray, sql, type SQL } from 'drizzle-orm';
import { qualified } from './queryParts';
import type { Db, Tx } from '../../db/client';
import { groupProducts, groupRoles, priceRules, products } from '../../db/schema';
import type { CurrentUser, RoleName } from '../../auth/roles';

export { rolePrice } from './priceRule';

/** Roles that work with the catalogue itself and see base prices; every other role sees only its own price. */
export const BASE_PRICE_ROLES: readonly RoleName[] = ['admin', 'production'];

export type PricedUser = Pick<CurrentUser, 'role' | 'roleId'>;

export const seesBasePrices = (user: PricedUser) => BASE_PRICE_ROLES.includes(user.role);

/**
 * The price in cents of the `products` row in scope, for this user (DESIGN §4): the base price for
 * admin and production; otherwise the lowest `base × (1 + change/100)`, rounded to the cent, over
 * the groups that hold both the product and the user's role (a linked role without a rule: no
 * change), and the base price where no group does. Same rule as `rolePrice`, in SQL, so lists can
 * sort and page by the price the caller sees.
 */
export function priceOf(user: PricedUser): SQL<number> {
  if (seesBasePrices(user)) return sql<number>`${qualified(products.price)}`;
  return sql<number>`coalesce((
    select min(round(${qualified(products.price)} * (100 + coalesce(${qualified(priceRules.percentileChange)}, 0)) / 100))::integer
    from ${groupProducts}
    join ${groupRoles} on ${qualified(groupRoles.groupId)} = ${qualified(groupProducts.groupId)} and ${qualified(groupRoles.roleId)} = ${user.roleId}
    left join ${priceRules} on ${qualified(priceRules.groupId)} = ${qualified(groupRoles.groupId)} and ${qualified(priceRules.roleId)} = ${qualified(groupRoles.roleId)}
    where ${qualified(groupProducts.productId)} = ${qualified(products.id)}
  ), ${qualified(products.price)})`.mapWith(Number);
}

/**
 * What each product costs this user, in cents, in one query: for the order lines and every
 * screen that shows a price. Products that do not exist are absent from the map.
 */
export async function pricesFor(db: Db | Tx, user: PricedUser, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, price: priceOf(user) })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((row) => [row.id, row.price]));
}
