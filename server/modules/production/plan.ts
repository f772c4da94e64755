import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { branches, products, stockLevels } from '../../db/schema';
import { MEMBERSHIP_SKU } from '../products/membershipFee';
import { ITEM_KEY_OF_PRODUCT } from '../stock/reservations';
import type { PlanRecord } from './wire';

/**
 * `production/plan`: per branch and product on sale, what confirmed orders wait for (their
 * backorders), what is available and in production, and what is still to make: the demand no
 * open work order covers. Read from the levels alone (kept in step with every reservation and
 * work order), so it costs one pass over products × branches, whatever the number of orders.
 * Products with something to make first.
 */
export async function productionPlan(db: Db, branchId: number | undefined): Promise<PlanRecord[]> {
  const where: SQL[] = [sql`p.active`, sql`p.sku <> ${MEMBERSHIP_SKU}`];
  if (branchId !== undefined && branchId > 0) where.push(sql`b.id = ${branchId}`);
  return rowsOf<PlanRecord>(
    await db.execute(sql`
      select b.id || '-' || p.id as id, b.id as branch_id, p.id as product_id, p.name as product_name, p.sku,
        coalesce(l.backordered, 0) as demand, coalesce(l.on_hand - l.reserved, 0) as available, coalesce(l.in_production, 0) as in_production,
        greatest(coalesce(l.backordered, 0) - coalesce(l.in_production, 0), 0) as to_make
      from ${branches} b cross join ${products} p
      left join ${stockLevels} l on l.branch_id = b.id and l.product_id = p.id and l.item_key = ${ITEM_KEY_OF_PRODUCT}
      where ${sql.join(where, sql` and `)}
      order by to_make desc, demand desc, lower(p.name), b.id`),
  );
}
