/**
 * Goods out on the bench dataset with its stock (bench/dataset.ts, bench/stock.ts), through the
 * started portal's API:
 *
 * - **confirmations with reservation**: the dataset's new orders confirmed (`orders/updatestatus`
 *   to `confirmed`, as the order view's button asks) 20 at a time: each line reserves what its
 *   branch has or backorders the rest in the confirmation's transaction (one line in ten is of a
 *   short product); each answer checked to be the order confirmed;
 * - **a delivery with its invoice**: `deliveries/create` of the dataset's confirmed orders whose
 *   lines are all reserved, every line whole (the order's last delivery: its invoice, and the
 *   order on to dispatched), `DELIVERY_CONCURRENCY` at a time; each answer checked to carry its
 *   invoice;
 * - **the production plan**: `production/plan` of the default branch, 20 at a time.
 *
 * Afterwards, on the database (the portal stopped): every line confirmed holds its quantity
 * reserved or backordered, every level is the sum of its movements and holds its reservations,
 * every delivery has one invoice and the invoices and delivery notes are numbered without a gap,
 * every delivered order is dispatched with nothing left to send.
 *
 * A scratch database on DATABASE_URL (created and dropped) or the embedded one, like the dataset part.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { MEMBERSHIP_SKU } from '../server/modules/products/membershipFee';
import { CONCURRENCY, tokenOf } from './datasetBench';
import { measured } from './connections';
import { load } from './load';
import { base, onDataset } from './portal';
import { generateStock } from './stock';

/** Confirmations before the measured ones, as the creates are warmed up (bench/README.md). */
const CONFIRM_WARM_UP = 200;
const CONFIRMED = 400;
const DELIVERY_WARM_UP = 100;
const DELIVERED = 400;
/**
 * A dispatch desk's few packers sending at once. Every delivery takes the next delivery-note and
 * invoice numbers from the gap-free counters (a row lock held to its commit), so deliveries are
 * written one after another whatever the concurrency: more at once only queue (bench/README.md).
 */
export const DELIVERY_CONCURRENCY = 4;

interface OrderToDeliver {
  id: number;
  lines: { order_line_id: number; quantity: number }[];
}

interface DeliveryAnswer {
  id: number;
  number: string;
  order_id: number;
  invoice_id: number | null;
  invoice_number: string | null;
}

const idList = (ids: number[]): SQL => (ids.length ? sql.join(ids.map((id) => sql`${id}`), sql`, `) : sql`null`);

/** An answer's `data`, or null when the body is not the JSON expected (a failure, not a crash of the load). */
function dataOf<T>(body: Buffer): Partial<T> {
  try {
    return (JSON.parse(body.toString('utf8')) as { data?: T }).data ?? {};
  } catch {
    return {};
  }
}

/** `good/all` of a check, as the other parts write theirs (bench/goals.ts `everyOne`). */
const goodOfAll = (row: { good: number | string; all: number | string }) => `${Number(row.good)}/${Number(row.all)}`;

export async function runGoodsBench(): Promise<Record<string, unknown>> {
  let toConfirm: number[] = [];
  let toDeliver: OrderToDeliver[] = [];
  const prepare = async (db: Db) => {
    const stock = await generateStock(db);
    toConfirm = rowsOf<{ id: number }>(
      await db.execute(sql`
        select o.id from orders o join clients c on c.id = o.client_id
        where o.status = 'new' and c.name like 'Bench client %' order by o.id limit ${CONFIRM_WARM_UP + CONFIRMED}`),
    ).map((row) => Number(row.id));
    // Confirmed orders whose every line holds its whole quantity reserved: what a dispatch desk sends.
    const ready = rowsOf<{ id: number; lines: { order_line_id: number; quantity: number }[] }>(
      await db.execute(sql`
        select r.order_id as id, jsonb_agg(jsonb_build_object('order_line_id', r.order_line_id, 'quantity', r.reserved) order by r.order_line_id) as lines
        from stock_reservations r join orders o on o.id = r.order_id join clients c on c.id = o.client_id
        where o.status = 'confirmed' and c.name like 'Bench client %'
        group by r.order_id
        having bool_and(r.reserved = r.quantity and r.delivered = 0) and count(*) = (select count(*) from order_lines l where l.order_id = r.order_id)
        order by r.order_id
        limit ${DELIVERY_WARM_UP + DELIVERED}`),
    );
    toDeliver = ready.map((row) => ({ id: Number(row.id), lines: typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines }));
    if (toConfirm.length < CONFIRM_WARM_UP + CONFIRMED || toDeliver.length < DELIVERY_WARM_UP + DELIVERED) {
      throw new Error(
        `The dataset has ${toConfirm.length} new orders (${CONFIRM_WARM_UP + CONFIRMED} needed) and ${toDeliver.length} confirmed orders all reserved (${DELIVERY_WARM_UP + DELIVERED} needed): BENCH_ORDERS of at least 10000`,
      );
    }
    // As billing's issued orders: the clients of the orders sent have no email, so the invoice's
    // mail (its PDF rendered by the job worker) does not run beside the load being measured.
    await db.execute(sql`update clients set email = '' where id in (select client_id from orders where id in (${idList(toDeliver.map((o) => o.id))}))`);
    return { ...stock, orders_to_confirm: toConfirm.length, orders_to_deliver: toDeliver.length };
  };

  const confirmed: number[] = [];
  const delivered: DeliveryAnswer[] = [];
  const measure = async (figures: Record<string, unknown>) => {
    const admin = await tokenOf('admin@example.com');

    const confirm = (ids: number[]) =>
      load({
        url: `${base}/api/orders/updatestatus`,
        method: 'POST',
        headers: admin,
        bodyFor: (index) => ({ id: ids[index], status: 'confirmed' }),
        // A 2xx that is not the order confirmed is a failure.
        accept: (body) => dataOf<{ status: string }>(body).status === 'confirmed',
        onAnswer: (answer) => confirmed.push((answer as { data: { id: number } }).data.id),
        concurrency: CONCURRENCY,
        requests: ids.length,
      });
    await confirm(toConfirm.slice(0, CONFIRM_WARM_UP));
    figures.confirm_with_reservation = await confirm(toConfirm.slice(CONFIRM_WARM_UP));

    const deliver = (orders: OrderToDeliver[]) =>
      load({
        url: `${base}/api/deliveries/create`,
        method: 'POST',
        headers: admin,
        bodyFor: (index) => ({ order_id: orders[index].id, lines: orders[index].lines, courier: 'Bench Couriers', waybill: `BENCH-WB-${orders[index].id}` }),
        expectStatus: 201,
        // Every delivery carries the invoice of what left.
        accept: (body) => typeof dataOf<DeliveryAnswer>(body).invoice_id === 'number',
        onAnswer: (answer) => delivered.push((answer as { data: DeliveryAnswer }).data),
        concurrency: DELIVERY_CONCURRENCY,
        requests: orders.length,
      });
    await deliver(toDeliver.slice(0, DELIVERY_WARM_UP));
    figures.delivery_with_invoice = await deliver(toDeliver.slice(DELIVERY_WARM_UP));

    const core = await fetch(`${base}/api/auth/core`, { headers: admin }).then((r) => r.json() as Promise<{ data: { branch_config: { id: number; default_branch: boolean }[] } }>);
    const branch = core.data.branch_config.find((b) => b.default_branch)!.id;
    const plan = `${base}/api/production/plan?branch_id=${branch}`;
    const rows = (await fetch(plan, { headers: admin }).then((r) => r.json() as Promise<{ data: { to_make: number }[] }>)).data;
    figures.production_plan = { rows: rows.length, to_make_rows: rows.filter((row) => row.to_make > 0).length, ...(await measured({ url: plan, headers: admin, connections: CONCURRENCY })) };
  };

  const verify = async (db: Db, figures: Record<string, unknown>) => {
    const one = async <T>(query: SQL) => rowsOf<T>(await db.execute(query))[0];
    // Every line of every order confirmed holds its quantity, reserved or backordered; and both kinds occur.
    const lines = await one<{ good: number; all: number; reserved: number; backordered: number }>(sql`
      select count(*) filter (where r.id is not null and r.reserved + r.backordered = l.quantity and r.delivered = 0) as good, count(*) as all,
             count(*) filter (where r.reserved = l.quantity) as reserved, count(*) filter (where r.backordered > 0) as backordered
      from order_lines l join products p on p.id = l.product_id left join stock_reservations r on r.order_line_id = l.id
      where l.order_id in (${idList(confirmed)}) and p.sku <> ${MEMBERSHIP_SKU}`);
    figures.confirmed_lines_whole = goodOfAll(lines);
    figures.confirmed_lines = { fully_reserved: Number(lines.reserved), backordered: Number(lines.backordered) };
    figures.confirmations_acknowledged = `${confirmed.length}/${toConfirm.length}`;
    // Every level the sum of its movements, and holding what its lines hold.
    figures.levels_sum_of_movements = goodOfAll(
      await one(sql`
        select count(*) filter (where l.on_hand = coalesce(m.quantity, 0) and l.reserved = coalesce(m.reserved, 0) and l.backordered = coalesce(m.backordered, 0)) as good, count(*) as all
        from stock_levels l left join (
          select branch_id, product_id, item_key, sum(quantity) as quantity, sum(reserved) as reserved, sum(backordered) as backordered
          from stock_movements group by branch_id, product_id, item_key
        ) m on m.branch_id = l.branch_id and m.product_id = l.product_id and m.item_key = l.item_key`),
    );
    figures.levels_hold_reservations = goodOfAll(
      await one(sql`
        select count(*) filter (where l.reserved = coalesce(r.reserved, 0) and l.backordered = coalesce(r.backordered, 0)) as good, count(*) as all
        from stock_levels l left join (
          select branch_id, product_id, item_key, sum(reserved) as reserved, sum(backordered) as backordered
          from stock_reservations group by branch_id, product_id, item_key
        ) r on r.branch_id = l.branch_id and r.product_id = l.product_id and r.item_key = l.item_key`),
    );
    // One invoice per delivery; the deliveries' invoices and notes each numbered on without a gap.
    const ids = delivered.map((d) => d.id);
    const invoiced = await one<{ good: number; all: number; invoices: number; invoice_span: number; notes: number; note_span: number }>(sql`
      select count(*) filter (where i.n = 1) as good, count(*) as all,
             count(distinct i.sequence) as invoices, max(i.sequence) - min(i.sequence) + 1 as invoice_span,
             count(distinct d.sequence) as notes, max(d.sequence) - min(d.sequence) + 1 as note_span
      from deliveries d
      left join lateral (select count(*) as n, min(b.sequence) as sequence from billing_documents b where b.delivery_id = d.id and b.type = 'invoice') i on true
      where d.id in (${idList(ids)})`);
    const gapFree = Number(invoiced.invoices) === Number(invoiced.invoice_span) && Number(invoiced.notes) === Number(invoiced.note_span) && Number(invoiced.all) === ids.length;
    figures.deliveries_invoiced_gap_free = `${gapFree ? Number(invoiced.good) : 0}/${toDeliver.length}`;
    // Every order sent whole is dispatched, each of its lines delivered whole.
    const dispatched = await one<{ good: number }>(sql`
      select count(*) filter (where o.status = 'dispatched' and not exists (
               select 1 from stock_reservations r where r.order_id = o.id and (r.delivered <> r.quantity or r.reserved <> 0))) as good
      from orders o where o.id in (${idList(delivered.map((d) => d.order_id))})`);
    figures.delivered_orders_dispatched = `${Number(dispatched.good)}/${toDeliver.length}`;
  };

  return onDataset('goods', prepare, measure, {}, verify);
}
