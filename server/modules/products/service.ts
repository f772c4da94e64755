import { and, eq, sql, type SQL } from 'drizzle-orm';
import { lockAtVersion } from '../../http/recordVersion';
import { assertAllExist, linkedIds, pagedList, qualified } from '../../db/queryParts';
import type { Db, Tx } from '../../db/client';
import { groupProducts, orderLines, productPropertyValues, products, propertyValues } from '../../db/schema';
import { stockKeepers, type CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { snapshot } from '../../audit/snapshot';
import { uniqueViolation } from '../../db/uniqueViolation';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { idsCondition, likePattern, orderByOf } from '../../http/listQuery';
import { membershipFeeHidden } from './membershipFee';
import { type PriceSource, priceSource, seesBasePrices } from './pricing';
import type { ProductInputBody, ProductListParams, ProductRecord } from './schemas';

/**
 * A product as the caller may see it: `price` is the caller's own price (pricing.ts); its low-stock
 * mark for the company only, as every stock figure.
 */
function productColumns(user: CurrentUser, prices: PriceSource) {
  return {
    ...(stockKeepers.includes(user.role) ? { low_stock_mark: products.lowStockMark } : {}),
    id: products.id,
    sku: products.sku,
    name: products.name,
    description: products.description,
    price: prices.price,
    active: products.active,
    display_material: products.displayMaterial,
    image_url: products.imageUrl,
    vat_class: products.vatClass,
    version: products.version,
    property_value_ids: linkedIds(productPropertyValues.propertyValueId, productPropertyValues.productId, products.id),
  };
}

/** Members and reps see the active catalogue only; admin and production see everything but the membership fee (admin only). */
const visibleTo = (user: CurrentUser): SQL | undefined => and(seesBasePrices(user) ? undefined : eq(products.active, true), membershipFeeHidden(user));

function productConditions(user: CurrentUser, query: ProductListParams): SQL | undefined {
  const conditions: (SQL | undefined)[] = [visibleTo(user), idsCondition(products.id, query.ids)];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(sql`(${qualified(products.name)} ilike ${pattern} or ${qualified(products.sku)} ilike ${pattern})`);
  }
  if (query.skus !== undefined) {
    const codes = [...new Set(query.skus.split(',').map((code) => code.trim().toLowerCase()))].filter(Boolean);
    conditions.push(codes.length > 0 ? sql`lower(${qualified(products.sku)}) in ${codes}` : sql`false`);
  }
  if (query.active !== undefined) conditions.push(eq(products.active, query.active));
  if (query.display_material !== undefined) conditions.push(eq(products.displayMaterial, query.display_material));
  if (query.group_id !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${groupProducts} where ${qualified(groupProducts.productId)} = ${qualified(products.id)} and ${qualified(groupProducts.groupId)} = ${query.group_id})`,
    );
  }
  if (query.property_value_id !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${productPropertyValues} where ${qualified(productPropertyValues.productId)} = ${qualified(products.id)} and ${qualified(productPropertyValues.propertyValueId)} = ${query.property_value_id})`,
    );
  }
  return and(...conditions);
}

/** `products/all` and `products/alldisplay`: paged, sorted (by the caller's own price too) and filtered in SQL. */
export function listProducts(db: Db, user: CurrentUser, query: ProductListParams) {
  const prices = priceSource(db, user, query.sort === 'price');
  const sortColumns = { name: sql`lower(${qualified(products.name)})`, sku: sql`lower(${qualified(products.sku)})`, price: prices.price, active: products.active, id: products.id };
  return pagedList<ProductRecord>(db, {
    from: products,
    columns: productColumns(user, prices),
    leftJoin: prices.join,
    where: productConditions(user, query),
    orderBy: orderByOf(sortColumns, query, products.id),
    query,
  });
}

export async function getProduct(db: Db | Tx, user: CurrentUser, id: number): Promise<ProductRecord> {
  const prices = priceSource(db, user);
  const query = db.select(productColumns(user, prices)).from(products).$dynamic();
  if (prices.join) query.leftJoin(prices.join.table, prices.join.on);
  const [row] = await query.where(and(eq(products.id, id), visibleTo(user)));
  if (!row) throw notFound('Product');
  return row as ProductRecord;
}

/** `products/save`: creates without `id`, updates with one; the SKU is unique (case-insensitive). */
export async function saveProduct(db: Db, user: CurrentUser, input: ProductInputBody, expectedVersion?: number): Promise<{ product: ProductRecord; created: boolean }> {
  const valueIds = input.property_value_ids ? [...new Set(input.property_value_ids)] : undefined;
  const fields = {
    sku: input.sku.trim(),
    name: input.name.trim(),
    description: input.description ?? '',
    price: input.price,
    active: input.active ?? true,
    displayMaterial: input.display_material ?? false,
    imageUrl: input.image_url || null,
    // Unsaid on an update: the product keeps its class; a new product is standard-rated.
    ...(input.vat_class ? { vatClass: input.vat_class } : {}),
    // Unsaid: the product keeps its mark (a new one has none: the company's default).
    ...(input.low_stock_mark !== undefined ? { lowStockMark: input.low_stock_mark } : {}),
  };
  if (!fields.name) throw badRequest('name', 'name must not be blank');
  try {
    return await db.transaction(async (tx) => {
      let id: number;
      if (input.id) await lockAtVersion(tx, products, products, input.id, expectedVersion, 'product');
      const before = input.id ? await snapshot(tx, products, input.id) : null;
      if (input.id) {
        const [row] = await tx
          .update(products)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(products.id, input.id))
          .returning({ id: products.id });
        if (!row) throw notFound('Product');
        id = row.id;
      } else {
        const [row] = await tx.insert(products).values(fields).returning({ id: products.id });
        id = row.id;
      }
      if (valueIds) {
        await assertAllExist(tx, 'property_value_ids', propertyValues.id, valueIds);
        await tx.delete(productPropertyValues).where(eq(productPropertyValues.productId, id));
        if (valueIds.length) await tx.insert(productPropertyValues).values(valueIds.map((propertyValueId) => ({ productId: id, propertyValueId })));
      }
      await recordAudit(tx, {
        userId: user.id,
        action: input.id ? 'update_product' : 'create_product',
        entity: 'product',
        entityId: id,
        data: valueIds ? { property_value_ids: valueIds } : undefined,
        before,
        after: await snapshot(tx, products, id),
      });
      return { product: await getProduct(tx, user, id), created: !input.id };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'products_sku_lower') throw conflict('sku', 'Another product already has this SKU');
    throw error;
  }
}

/**
 * Whether deleting the product would break an order that holds it (order lines also refer to it
 * by foreign key): `products/delete` answers 409 and the admin archives it (active = false).
 */
export async function productIsInUse(tx: Tx, productId: number): Promise<boolean> {
  const [line] = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.productId, productId)).limit(1);
  return line !== undefined;
}

export async function deleteProduct(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: products.id, sku: products.sku }).from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound('Product');
    if (await productIsInUse(tx, id)) {
      throw new HttpError(409, 'This product is on orders and cannot be deleted; archive it (set it inactive) instead', {
        id: 'This product is on orders',
      });
    }
    const before = await snapshot(tx, products, id);
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(tx, { userId: user.id, action: 'delete_product', entity: 'product', entityId: id, before });
  });
}
