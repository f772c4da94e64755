import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { branches, products } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { MEMBERSHIP_SKU } from '../products/membershipFee';
import type { StockItem } from './levels';
import { ITEM_KEY_OF_PRODUCT } from './reservations';

/**
 * The stock item a call names by branch and product: the branch must exist and the product be on
 * sale (active, and not the membership fee, which is no goods). Else a 400 naming the field.
 * Counting stock and making it (a work order) ask the same.
 */
export async function saleItemOf(tx: Tx, input: { branch_id: number; product_id: number }): Promise<StockItem> {
  const [branch] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, input.branch_id));
  if (!branch) throw badRequest('branch_id', `Branch ${input.branch_id} does not exist`);
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.product_id), eq(products.active, true), ne(products.sku, MEMBERSHIP_SKU)));
  if (!product) throw badRequest('product_id', `Product ${input.product_id} is not a product on sale`);
  return { branchId: branch.id, productId: product.id, itemKey: ITEM_KEY_OF_PRODUCT };
}
