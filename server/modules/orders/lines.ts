import type { Db, Tx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { MEMBERSHIP_SKU } from '../products/membershipFee';
import { pricedProducts, type PricedUser } from '../products/pricing';
import { type VatContext, vatContext, vatOfLine } from '../billing/vatContext';
import type { VatClass } from '../../../shared/billing/vat';
import type { LineInputBody } from './schemas';

export interface PricedLine {
  position: number;
  productId: number;
  quantity: number;
  unitPrice: number;
  propertyValueIds: number[];
  vatClass: VatClass;
  rateBp: number;
  /** The VAT in the line and the line with VAT (integer cents, worked per line). */
  vat: number;
  total: number;
}

export interface PricedLines {
  lines: PricedLine[];
  /** Whether the unit prices include VAT (the billing settings when the order was priced); the order keeps it. */
  pricesIncludeVat: boolean;
}

/**
 * Checks the requested lines against the catalogue and prices them for `pricedUser` with the one
 * price service. A price in the request is never read. `frozen` keeps the unit price a product
 * already has on the order (an edited order does not re-price what it held). The membership fee
 * is refused unless `membershipFee` says this caller may order it. `context`: the VAT context when
 * the caller has read it already (with its client), else it is read here beside the products.
 */
export async function priceLines(
  tx: Db | Tx,
  pricedUser: PricedUser,
  lines: readonly LineInputBody[],
  frozen: ReadonlyMap<number, number> = new Map(),
  { membershipFee = false, suppliedAt = new Date(), pricesIncludeVat, context: known }: { membershipFee?: boolean; suppliedAt?: Date; pricesIncludeVat?: boolean; context?: VatContext } = {},
): Promise<PricedLines> {
  const [found, context] = await Promise.all([pricedProducts(tx, pricedUser, lines.map((line) => line.product_id)), known ?? vatContext(tx, suppliedAt)]);
  // An edited order keeps the VAT mode it was priced in, whatever the settings say now.
  const vat = { ...context, pricesIncludeVat: pricesIncludeVat ?? context.pricesIncludeVat };
  // The membership fee goes on an order only through orders/membership_order or by the admin, or when the order already holds it.
  const forSale = (p: (typeof found)[number]) => p.active && (membershipFee || p.sku !== MEMBERSHIP_SKU);
  const orderable = new Set(found.filter((p) => forSale(p) || frozen.has(p.id)).map((p) => p.id));
  const valuesOf = new Map(found.map((p) => [p.id, new Set(p.valueIds)]));
  const prices = new Map(found.map((p) => [p.id, p.price]));
  const classes = new Map(found.map((p) => [p.id, p.vatClass]));

  const priced = lines.map((line, index): PricedLine => {
    if (!orderable.has(line.product_id)) {
      throw badRequest(`lines.${index}.product_id`, `Product ${line.product_id} does not exist or is not for sale`);
    }
    const chosen = [...new Set(line.property_value_ids ?? [])].sort((a, b) => a - b);
    const unknown = chosen.filter((id) => !valuesOf.get(line.product_id)?.has(id));
    if (unknown.length) {
      throw badRequest(`lines.${index}.property_value_ids`, `Product ${line.product_id} does not offer the value(s) ${unknown.join(', ')}`);
    }
    const unitPrice = frozen.get(line.product_id) ?? prices.get(line.product_id)!;
    const vatClass = classes.get(line.product_id)!;
    const amounts = vatOfLine(vat, { quantity: line.quantity, unitPrice, vatClass });
    return {
      position: index + 1,
      productId: line.product_id,
      quantity: line.quantity,
      unitPrice,
      propertyValueIds: chosen,
      vatClass,
      rateBp: amounts.rate_bp,
      vat: amounts.vat,
      total: amounts.total,
    };
  });
  return { lines: priced, pricesIncludeVat: vat.pricesIncludeVat };
}
