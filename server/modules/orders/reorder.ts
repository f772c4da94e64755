import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { properties, propertyValues } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { pricedProducts } from '../products/pricing';
import { MEMBERSHIP_SKU, offersMembershipFee } from '../products/membershipFee';
import { clientForOrdering, pricingUserFor } from './access';
import { getOrder } from './service';
import type { ReorderRecord } from './schemas';

type GoneOption = ReorderRecord['lines'][number]['options_gone'][number];

/** The property and value names of option values (kept in the catalogue while any order line names them). */
async function optionNames(db: Db, ids: number[]): Promise<Map<number, GoneOption>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: propertyValues.id, property: properties.name, value: propertyValues.value })
    .from(propertyValues)
    .innerJoin(properties, eq(properties.id, propertyValues.propertyId))
    .where(inArray(propertyValues.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * `orders/reorder` ("Order again"): a past order's lines as a new draft for the same
 * client, at today's prices by the one price rule (orders/quote and orders/create price it again
 * when it is placed; the price here is what the draft will show). Products no longer sold
 * (inactive, gone, or the membership fee for a caller who may not order it) are left out and
 * named, so the screen can say which. Each line keeps the options it was ordered with (pack size,
 * flavour); one the product no longer offers is left off the line and named on it, to be chosen
 * again. Nothing is written: the draft is placed like any other.
 *
 * Read as the order is read (404 when the caller may not see it), then the client as ordering
 * checks it (404 when the caller may not order for it, e.g. an archived client).
 */
export async function reorderDraft(db: Db, user: CurrentUser, orderId: number): Promise<ReorderRecord> {
  const order = await getOrder(db, user, orderId);
  const client = await clientForOrdering(db, user, order.client_id);
  const found = await pricedProducts(db, await pricingUserFor(db, user, client), order.lines.map((line) => line.product_id));
  const byId = new Map(found.map((product) => [product.id, product]));
  const fee = offersMembershipFee(user);
  const draft: ReorderRecord = { client_id: client.id, lines: [], left_out: [] };
  const sold = order.lines.flatMap((line) => {
    const product = byId.get(line.product_id);
    if (!product || !product.active || (!fee && product.sku === MEMBERSHIP_SKU)) {
      draft.left_out.push({ product_id: line.product_id, sku: line.sku, name: line.product_name, quantity: line.quantity });
      return [];
    }
    return [{ line, product, offered: new Set(product.valueIds) }];
  });
  const names = await optionNames(db, sold.flatMap(({ line, offered }) => line.property_value_ids.filter((id) => !offered.has(id))));
  for (const { line, product, offered } of sold) {
    draft.lines.push({
      product_id: product.id,
      sku: product.sku,
      name: line.product_name,
      quantity: line.quantity,
      unit_price: product.price,
      property_value_ids: line.property_value_ids.filter((id) => offered.has(id)),
      offered: [...offered],
      options_gone: line.property_value_ids.flatMap((id) => (offered.has(id) ? [] : [names.get(id) ?? { id, property: '', value: '' }])),
    });
  }
  return draft;
}
