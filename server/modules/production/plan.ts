import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { products, stockLevels } from '../../db/schema';
import { MEMBERSHIP_SKU } from '../products/membershipFee';
import { ITEM_KEY_OF_PRODUCT } from '../stock/reservations';
import type { PlanRecord } from './wire';

/**
 * `production/plan`: per branch, the products on sale that confirmed orders wait for (their
 * backorders) or that are being made, with what is available and in production, and what is
 * still to make: the demand no open work order covers. Read from the levels alone (kept in step
 * with every reservation and work order), and only those with a backorder or something in
 * production, through their partial index: an item nobody waits for and nobody makes has nothing
 * to plan, and listing every product of the catalogue made each answer as large as the catalogue
 * (2,000 rows, ~300 kB, at the bench's size) for the few rows the board shows. Products with
 * something to make first.
 */
export async function productionPlan(db: Db, branchId: number | undefined): Promise<PlanRecord[]> {
  const where: SQL[] = [sql`(l.backordered > 0 or l.in_production > 0)`, sql`l.item_key = ${ITEM_KEY_OF_PRODUCT}`, sql`p.active`, sql`p.sku <> ${MEMBERSHIP_SKU}`];
  if (branchId !== undefined && branchId > 0) where.push(sql`l.branch_id = ${branchId}`);
  return rowsOf<PlanRecord>(
    await db.execute(sql`
      select l.branch_id || '-' || p.id as id, l.branch_id, p.id as product_id, p.name as product_name, p.sku,
        l.backordered as demand, l.on_hand - l.reserved as available, l.in_production,
        greatest(l.backordered - l.in_production, 0) as to_make
      from ${stockLevels} l join ${products} p on p.id = l.product_id
      where ${sql.join(where, sql` and `)}
      order by to_make desc, demand desc, lower(p.name), l.branch_id`),
  );
}
