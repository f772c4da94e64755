/**
 * The bench dataset (100,000 orders, 10,000 clients, 2,000 products, 50 groups), generated inside the database with generate_series (no rows cross
 * the wire, so PGlite and PostgreSQL both fill it in seconds): 10,000 clients, 2,000 products,
 * 50 groups with role prices, 100,000 orders with 5 lines each (500,000 lines). Prices are
 * VAT-inclusive at the standard 15 % (the settings' default): each line's VAT is the tax fraction
 * 15/115 of its total, half a cent up, as migration 0010 and the order service work it out.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { rebuildDailyStats } from '../server/modules/orders/dailyStats';
import { rowsOf } from '../server/db/rows';

export interface DatasetSize {
  clients: number;
  products: number;
  groups: number;
  orders: number;
  linesPerOrder: number;
  /** The orders of the one member measured with a long history of its own (default `HEAVY_MEMBER_ORDERS`). */
  heavyMemberOrders?: number;
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

  // Each order's lines follow from its id (product, quantity) and a product's price from its place
  // in the catalogue, so the orders are written with their totals and the lines after them, each
  // once: no update of a million orders afterwards.
  const [{ start }] = rowsOf<{ start: number }>(await db.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as start`));
  await db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), ${start + size.orders - 1})`);
  const prices = sql`(select array_agg(price order by id) as prices from products where sku like 'BENCH-%')`;
  const line = (id: SQL) => ({
    place: sql`(${id} * 31 + k * 97) % ${size.products}`,
    quantity: sql`(1 + (${id} + k) % 6)`,
  });
  const o = line(sql`o.id`);
  await bulkLoad(db, ['orders', 'order_lines'], async () => {
    await db.execute(sql`
      insert into orders (id, client_id, branch_id, created_by, status, total, vat, token, created_at, updated_at)
      select o.id, ${firstClient} + (o.g % ${size.clients}), (${branches})[1 + o.g % ${branchIds.length}], ${creator},
             (array['new','confirmed','in_production','ready','dispatched','delivered','delivered','delivered','cancelled'])[1 + o.g % 9],
             t.total, t.vat, md5('bench-order-' || o.g || '-' || random()::text),
             now() - ((o.g % 400) * interval '1 day') - ((o.g * 37 % 86400) * interval '1 second'),
             now() - ((o.g % 400) * interval '1 day')
      from (select g, ${start}::int + g - 1 as id from generate_series(1, ${size.orders}) g) o
      cross join ${prices} p
      cross join lateral (
        select sum(${o.quantity} * p.prices[1 + ${o.place}])::int as total,
               sum(((2::bigint * ${o.quantity} * p.prices[1 + ${o.place}] * 1500 + 11500) / 23000))::int as vat
        from generate_series(1, ${size.linesPerOrder}) k) t`);
    await db.execute(sql`
      insert into order_lines (order_id, position, product_id, quantity, unit_price, total, vat)
      select o.id, k, ${firstProduct} + ${o.place}, ${o.quantity}, p.prices[1 + ${o.place}], ${o.quantity} * p.prices[1 + ${o.place}],
             ((2::bigint * ${o.quantity} * p.prices[1 + ${o.place}] * 1500 + 11500) / 23000)::integer
      from generate_series(${start}::int, ${start + size.orders - 1}::int) o(id)
      cross join generate_series(1, ${size.linesPerOrder}) k
      cross join ${prices} p`);
  });
  await generateScaleCases(db, size, branchIds[0], creator);
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

/**
 * Runs a bulk load of `tables` as a restore does: their foreign keys and secondary indexes dropped
 * first and made again after (one sort per index, one validating join per key, instead of a probe
 * per row), and the orders' row trigger (a live-event notice per order, which no one listens to
 * here) off meanwhile. Unique indexes come back as they were, so the load is checked the same.
 */
async function bulkLoad(db: Db, tables: string[], load: () => Promise<void>): Promise<void> {
  const names = sql.raw(tables.map((t) => `'${t}'`).join(', '));
  const foreignKeys = rowsOf<{ tbl: string; name: string; def: string }>(await db.execute(sql`
    select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
    from pg_constraint where contype = 'f' and conrelid::regclass::text in (${names})`));
  const indexes = rowsOf<{ name: string; def: string }>(await db.execute(sql`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid::regclass::text in (${names}) and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`));
  for (const key of foreignKeys) await db.execute(sql.raw(`alter table ${key.tbl} drop constraint ${key.name}`));
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  await db.execute(sql`alter table orders disable trigger orders_event`);
  try {
    await load();
  } finally {
    await db.execute(sql`alter table orders enable trigger orders_event`);
    for (const index of indexes) await db.execute(sql.raw(index.def));
    for (const key of foreignKeys) await db.execute(sql.raw(`alter table ${key.tbl} add constraint ${key.name} ${key.def}`));
  }
}

/** The member of `HEAVY_MEMBER_ORDERS` orders: its own orders list is measured at that size. */
export const HEAVY_MEMBER_NAME = 'Bench heavy member';
export const HEAVY_MEMBER_ORDERS = 10_000;
/** The demo reseller's clients: a rep works a book of clients that does not grow with the company. */
export const REP_CLIENTS = 200;

/**
 * Two lists measured at scale beyond the bench's own: a member whose client has 10,000 orders (two
 * lines each), and a rep (the demo reseller) linked to `REP_CLIENTS` bench clients spread over them. Idempotent, so a kept dataset made before it can be given them.
 */
export async function generateScaleCases(db: Db, size: DatasetSize, branchId: number, creator: number): Promise<void> {
  const existing = rowsOf<{ id: number }>(await db.execute(sql`select id from clients where name = ${HEAVY_MEMBER_NAME}`));
  if (existing.length) return;
  const [heavy] = rowsOf<{ id: number }>(await db.execute(sql`
    insert into clients (type, name, contact_name, email, phone, branch_id, membership_status)
    values ('stockist', ${HEAVY_MEMBER_NAME}, 'Heavy contact', 'bench.heavy@example.com', '+27 11 999 00000', ${branchId}, 'active') returning id`));
  const [firstProduct] = rowsOf<{ id: number }>(await db.execute(sql`select min(id) as id from products where sku like 'BENCH-%'`));
  await db.execute(sql`
    with made as (
      insert into orders (client_id, branch_id, created_by, status, total, vat, token, created_at, updated_at)
      select ${heavy.id}, ${branchId}, ${creator},
             (array['new','confirmed','in_production','ready','dispatched','delivered','delivered','delivered','cancelled'])[1 + g % 9],
             2 * p.price, 2 * ((2::bigint * p.price * 1500 + 11500) / 23000)::integer, md5('bench-heavy-' || g || '-' || random()::text),
             now() - ((g % 700) * interval '1 day') - ((g * 53 % 86400) * interval '1 second'), now() - ((g % 700) * interval '1 day')
      from generate_series(1, ${size.heavyMemberOrders ?? HEAVY_MEMBER_ORDERS}) g
      join products p on p.id = ${firstProduct.id} + (g * 13 % ${size.products})
      returning id, total
    )
    insert into order_lines (order_id, position, product_id, quantity, unit_price, total, vat)
    select m.id, k, ${firstProduct.id} + (m.id * 13 % ${size.products}), 1, m.total / 2, m.total / 2, ((2::bigint * (m.total / 2) * 1500 + 11500) / 23000)::integer
    from made m cross join generate_series(1, 2) k`);
  await db.execute(sql`
    insert into rep_clients (rep_user_id, client_id)
    select u.id, c.id from users u, clients c
    where u.email = 'reseller@example.com' and c.name like 'Bench client %' and c.id % ${Math.max(1, Math.floor(size.clients / REP_CLIENTS))} = 0
    order by c.id limit ${REP_CLIENTS}
    on conflict do nothing`);
}

/** BENCH_ORDERS=10000 shrinks the dataset for a quick look; the goals in bench/README.md are at 100,000. */
export function sizeFromEnv(): DatasetSize {
  const orders = Number(process.env.BENCH_ORDERS ?? fullSize.orders);
  const scale = orders / fullSize.orders;
  return { ...fullSize, orders, clients: Math.max(100, Math.round(fullSize.clients * scale)) };
}
