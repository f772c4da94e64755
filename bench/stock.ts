/**
 * Stock for the bench dataset (bench/dataset.ts), generated inside the database as the demo seed
 * makes it through the stock module (server/db/seed/stock.ts), in three multi-row statements:
 *
 * - an opening `count` movement of every bench product in every branch;
 * - the dataset's orders that are confirmed and have not left (confirmed, in production, ready)
 *   reserve in the order they were confirmed (their creation), one `stock_reservations` row and one
 *   `reservation` movement a line, as `reserveOrder` would have written them one by one: a line
 *   reserves what its item has left after the lines confirmed before it and backorders the rest;
 * - an open work order for every other short item, counted in its level's `in_production`.
 *
 * The levels are then written as the sum of their items' movements (the stock domain's rule: a
 * level is the sum of its movements), and `in_production` as the open work orders' quantities.
 * One product in ten is short (counted at half of what its held orders ask for, so it has
 * backorders and nothing available); the others are counted at what their held orders ask for and
 * a few hundred more, so every line of theirs is reserved and new orders find stock. Orders that
 * left before are the history before stock was counted: they hold nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { MEMBERSHIP_SKU } from '../server/modules/products/membershipFee';

/** One bench product in `SHORT_EVERY` is short in every branch. */
export const SHORT_EVERY = 10;
const HOLDING = sql`('confirmed', 'in_production', 'ready')`;

export async function generateStock(db: Db): Promise<Record<string, number>> {
  const started = performance.now();
  await db.transaction(async (tx) => {
    const [admin] = rowsOf<{ id: number }>(await tx.execute(sql`select u.id from users u join roles r on r.id = u.role_id where r.name = 'admin' order by u.id limit 1`));
    // Each bench item's opening count, from what its held orders ask for; an hour before the oldest of them.
    await tx.execute(sql`
      with bench as (
        select id, row_number() over (order by id) - 1 as place from products where sku like 'BENCH-%'
      ),
      held as (
        select o.branch_id, l.product_id, sum(l.quantity)::int as demand, min(o.created_at) as first
        from order_lines l join orders o on o.id = l.order_id
        where o.status in ${HOLDING} and not exists (select 1 from stock_reservations r where r.order_id = o.id)
        group by o.branch_id, l.product_id
      )
      insert into stock_movements (branch_id, product_id, item_key, kind, quantity, reason, user_id, at)
      select b.id, p.id, '', 'count',
             case when p.place % ${SHORT_EVERY} = 0 then coalesce(h.demand, 0) / 2 else coalesce(h.demand, 0) + 200 + (p.place * 7) % 300 end,
             'Opening count', ${admin.id}, coalesce((select min(first) from held), now()) - interval '1 hour'
      from branches b cross join bench p
      left join held h on h.branch_id = b.id and h.product_id = p.id`);
    // The held orders' lines, in order of confirmation per item: what the lines before took is gone.
    await tx.execute(sql`
      with lines as (
        select l.id as order_line_id, l.order_id, o.branch_id, l.product_id, l.quantity, o.created_at as confirmed_at,
               sum(l.quantity) over (partition by o.branch_id, l.product_id order by o.created_at, o.id, l.position, l.id) - l.quantity as before
        from order_lines l join orders o on o.id = l.order_id join products p on p.id = l.product_id
        where o.status in ${HOLDING} and p.sku <> ${MEMBERSHIP_SKU} and p.sku like 'BENCH-%'
          and not exists (select 1 from stock_reservations r where r.order_id = o.id)
      ),
      counted as (
        select branch_id, product_id, sum(quantity)::int as on_hand from stock_movements
        where kind = 'count' and reason = 'Opening count' and product_id in (select id from products where sku like 'BENCH-%')
        group by branch_id, product_id
      ),
      held as (
        select l.*, least(l.quantity, greatest(0, c.on_hand - l.before))::int as reserved
        from lines l join counted c on c.branch_id = l.branch_id and c.product_id = l.product_id
      ),
      reserved as (
        insert into stock_reservations (order_id, order_line_id, branch_id, product_id, item_key, quantity, reserved, backordered, confirmed_at)
        select order_id, order_line_id, branch_id, product_id, '', quantity, reserved, quantity - reserved, confirmed_at from held
      )
      insert into stock_movements (branch_id, product_id, item_key, kind, reserved, backordered, order_id, order_line_id, user_id, at)
      select branch_id, product_id, '', 'reservation', reserved, quantity - reserved, order_id, order_line_id, ${admin.id}, confirmed_at
      from held`);
    await tx.execute(sql`
      insert into stock_levels (branch_id, product_id, item_key, on_hand, reserved, backordered)
      select m.branch_id, m.product_id, m.item_key, sum(m.quantity), sum(m.reserved), sum(m.backordered)
      from stock_movements m join products p on p.id = m.product_id
      where p.sku like 'BENCH-%'
      group by m.branch_id, m.product_id, m.item_key
      on conflict (branch_id, product_id, item_key) do update
        set on_hand = excluded.on_hand, reserved = excluded.reserved, backordered = excluded.backordered`);
    // Production already asked for every other short item with backorders: an open work order of
    // what it waits for, planned for next week, counted in the level's in_production.
    await tx.execute(sql`
      with planned as (
        insert into work_orders (branch_id, product_id, item_key, quantity, planned_for, created_by)
        select l.branch_id, l.product_id, l.item_key, l.backordered, current_date + 7, ${admin.id}
        from stock_levels l join products p on p.id = l.product_id
        where p.sku like 'BENCH-%' and l.backordered > 0 and (l.product_id + l.branch_id) % 2 = 0
        returning branch_id, product_id, item_key, quantity
      )
      update stock_levels l set in_production = l.in_production + p.quantity
      from planned p where l.branch_id = p.branch_id and l.product_id = p.product_id and l.item_key = p.item_key`);
  });
  await db.execute(sql`analyze stock_levels`);
  await db.execute(sql`analyze stock_movements`);
  await db.execute(sql`analyze stock_reservations`);
  await db.execute(sql`analyze work_orders`);
  const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await db.execute(query))[0].n);
  return {
    stock_levels: await count(sql`select count(*) as n from stock_levels`),
    stock_movements: await count(sql`select count(*) as n from stock_movements`),
    stock_reservations: await count(sql`select count(*) as n from stock_reservations`),
    backordered_lines: await count(sql`select count(*) as n from stock_reservations where backordered > 0`),
    work_orders_open: await count(sql`select count(*) as n from work_orders where status <> 'done'`),
    stock_generate_ms: Math.round(performance.now() - started),
  };
}
