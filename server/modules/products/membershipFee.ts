import { ne, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../../auth/roles';
import { products } from '../../db/schema';

/** The catalogue product that is the membership fee; the price service prices it like any other. */
export const MEMBERSHIP_SKU = 'MEMBERSHIP';

/**
 * The fee is charged by orders/membership_order, never picked from the catalogue: only the admin
 * sees it among the products and may put it on an ordinary order.
 */
export const offersMembershipFee = (user: Pick<CurrentUser, 'role'>): boolean => user.role === 'admin';

/** The catalogue condition for a caller: without the fee unless it is offered to them. */
export const membershipFeeHidden = (user: Pick<CurrentUser, 'role'>): SQL | undefined =>
  offersMembershipFee(user) ? undefined : ne(products.sku, MEMBERSHIP_SKU);
