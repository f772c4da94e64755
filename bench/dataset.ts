/**
 * The dataset of DESIGN §7, generated inside the database with generate_series (no rows cross
 * the wire, so PGlite and PostgreSQL both fill it in seconds): 10,000 clients, 2,000 products,
 * 50 groups with role prices, 100,000 orders with 5 lines each (500,000 lines). Prices are
 * VAT-inclusive at the standard 15 % (the settings' default): each line's VAT is the tax fraction
 * 15/115 of its total, half a cent up, as migration 0010 and the order service work it out.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { rebuildDailyStats } from '../server/modules/orders/dailyStats';

export interface DatasetSize {
  clients: number;
  products: number;
  groups: number;
  orders: number;
  linesPerOrder: number;
}

export const fullSize: DatasetSize = { clients: 10_000, products: 2_000, groups: 50, orders: 100_000, linesPerOrder: 5 };

export async function generateDataset(db: Db, size: DatasetSize = fullSize): Promise<Record<string, number>> {
  const started = performance.now();
  const ids = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  const branchIds = await ids(sql`select id from branches order by id`);
  const branches = sql.raw(`array[${branchIds.join(',')}]`);
  const [creator] = await ids(sql`select u.id from users u join roles r on r.id = u.role_id where r.name = 'admin' order by u.id limit 1`);

  await db.execute(sql`
    insert into products (sku, name, description, price, active, display_material)
    select 'BENCH-' || lpad(g::text, 5, '0'), 'Bench product ' || g, 'Generated for the benchmark', 500 + (g * 7919) % 60000, g % 50 <> 0, g % 10 = 0
    from generate_series(1, ${size.products}) g`);
  const [firstProduct] = await ids(sql`select min(id) as id from products where sku like 'BENCH-%'`);

  await db.execute(sql`
    insert into clients (type, name, contact_name, email, phone, branch_id, membership_status)
    select case when g % 3 = 0 then 'individual' else 'stockist' end, 'Bench client ' || g, 'Contact ' || g,
           'bench.client.' || g || '@example.com', '+27 11 000 ' || lpad(g::text, 5, '0'),
           (${branches})[1 + g % ${branchIds.length}],
           (array['requested','approved','pending_payment','active','expired'])[1 + g % 5]
    from generate_series(1, ${size.clients}) g`);
  const [firstClient] = await ids(sql`select min(id) as id from clients where name like 'Bench client %'`);

  await db.execute(sql`insert into product_groups (name, description) select 'Bench group ' || g, '' from generate_series(1, ${size.groups}) g`);
  await db.execute(sql`
    insert into group_products (group_id, product_id)
    select distinct pg.id, ${firstProduct} + ((pg.id * 131 + k * 17) % ${size.products})
    from product_groups pg, generate_series(1, 40) k where pg.name like 'Bench group %'`);
  await db.execute(sql`
    insert into group_roles (group_id, role_id)
    select pg.id, r.id from product_groups pg join roles r on r.name in ('stockist', 'individual', 'reseller')
    where pg.name like 'Bench group %' and (pg.id + r.id) % 3 <> 0`);
  await db.execute(sql`
    insert into price_rules (group_id, role_id, percentile_change)
    select gr.group_id, gr.role_id, -((gr.group_id * 7 + gr.role_id) % 30)::numeric / 2
    from group_roles gr join product_groups pg on pg.id = gr.group_id where pg.name like 'Bench group %'`);

  await db.execute(sql`
    insert into orders (client_id, branch_id, created_by, status, total, token, created_at, updated_at)
    select ${firstClient} + (g % ${size.clients}), (${branches})[1 + g % ${branchIds.length}], ${creator},
           (array['new','confirmed','in_production','ready','dispatched','delivered','delivered','delivered','cancelled'])[1 + g % 9],
           0, md5('bench-order-' || g || '-' || random()::text),
           now() - ((g % 400) * interval '1 day') - ((g * 37 % 86400) * interval '1 second'),
           now() - ((g % 400) * interval '1 day')
    from generate_series(1, ${size.orders}) g`);
  await db.execute(sql`
    insert into order_lines (order_id, position, product_id, quantity, unit_price, total, vat)
    select o.id, k, p.id, 1 + (o.id + k) % 6, p.price, (1 + (o.id + k) % 6) * p.price,
           ((2::bigint * (1 + (o.id + k) % 6) * p.price * 1500 + 11500) / 23000)::integer
    from orders o
    cross join generate_series(1, ${size.linesPerOrder}) k
    join products p on p.id = ${firstProduct} + ((o.id * 31 + k * 97) % ${size.products})
    where o.total = 0`);
  await db.execute(sql`
    update orders o set total = l.total, vat = l.vat
    from (select order_id, sum(total) as total, sum(vat) as vat from order_lines group by order_id) l
    where l.order_id = o.id and o.total = 0`);
  await rebuildDailyStats(db);
  // A fresh bulk load has no visibility map yet; autovacuum would set it in production.
  await db.execute(sql`vacuum analyze`);
  const counts = async (table: string) => Number(((await db.execute(sql.raw(`select count(*) as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0].n);
  return {
    orders: await counts('orders'),
    order_lines: await counts('order_lines'),
    clients: await counts('clients'),
    products: await counts('products'),
    product_groups: await counts('product_groups'),
    generate_ms: Math.round(performance.now() - started),
  };
}

/** BENCH_ORDERS=10000 shrinks the dataset for a quick look; the figures of DESIGN §7 are at 100,000. */
export function sizeFromEnv(): DatasetSize {
  const orders = Number(process.env.BENCH_ORDERS ?? fullSize.orders);
  const scale = orders / fullSize.orders;
  return { ...fullSize, orders, clients: Math.max(100, Math.round(fullSize.clients * scale)) };
}
