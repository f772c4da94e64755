import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clients, products } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { HttpError } from '../../http/errors';
import { clientForOrdering, pricingUserFor } from './access';
import { insertNewOrder } from './insertOrder';
import { MEMBERSHIP_SKU } from '../products/membershipFee';
import { priceLines } from './lines';
import { branchFor, getOrder } from './service';
import { orderTotal } from './totals';

export { MEMBERSHIP_SKU };

/** Memberships that can be ordered: a newly approved one, or one that ran out (a renewal). */
const orderableFrom = ['approved', 'expired'] as const;

/**
 * `orders/membership_order` (a step of the membership flow): the membership fee as an order for the
 * client, and the membership waits for its payment (`pending_payment`); an admin activates it
 * once paid (clients/activate_membership). One transaction.
 */
export async function createMembershipOrder(db: Db, user: CurrentUser, clientId: number) {
  const id = await db.transaction((tx) => writeMembershipOrder(tx, user, clientId));
  return getOrder(db, user, id);
}

/**
 * The membership order inside the caller's transaction (answers its id): crm/finalise_membership
 * creates the member's user and this order in one transaction.
 */
export async function writeMembershipOrder(tx: Tx, user: CurrentUser, clientId: number): Promise<number> {
  const client = await clientForOrdering(tx, user, clientId);
  const [state] = await tx.select({ status: clients.membershipStatus }).from(clients).where(eq(clients.id, client.id)).for('update');
  if (!(orderableFrom as readonly string[]).includes(state.status)) {
    throw new HttpError(409, `A membership that is ${state.status} cannot be ordered; only approved or expired ones`, {
      client_id: `membership is ${state.status}`,
    });
  }
  const [fee] = await tx.select({ id: products.id }).from(products).where(and(eq(products.sku, MEMBERSHIP_SKU), eq(products.active, true)));
  if (!fee) {
    throw new HttpError(409, `The catalogue has no active membership product (SKU ${MEMBERSHIP_SKU})`, { client_id: 'no membership product' });
  }
  const { lines, pricesIncludeVat } = await priceLines(tx, await pricingUserFor(tx, user, client), [{ product_id: fee.id, quantity: 1 }], undefined, { membershipFee: true });
  const order = await insertNewOrder(tx, {
    clientId: client.id,
    branchId: await branchFor(tx, undefined, client.branchId),
    createdBy: user.id,
    notes: 'Membership fee',
    lines,
    pricesIncludeVat,
    audit: { action: 'create_membership_order', data: { client_id: client.id, total: orderTotal(lines) } },
    membershipFee: true,
  });
  await tx.update(clients).set({ membershipStatus: 'pending_payment', updatedAt: new Date() }).where(eq(clients.id, client.id));
  return order.id;
}
