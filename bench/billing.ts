/**
 * Billing rows for the bench dataset (bench/dataset.ts), generated inside the database with
 * multi-row INSERT … SELECT (no rows cross the wire), for the billing figures:
 *
 * - a tax invoice for every dispatched or delivered order (about 44,000 at 100,000 orders), numbered
 *   on from the invoice series' counter without a gap, with its lines copied from the order's, and
 *   its `invoice_balances` row: due 30 days after issue; of those due more than 170 days ago two in
 *   three paid, the third left open (long overdue); of the others a third paid, a third half paid, a
 *   third open; a confirmed
 *   payment with its allocation for each paid or part-paid invoice, and unallocated credit (a
 *   confirmed payment not yet allocated) on one client in seven — the debtors screen at 10,000
 *   clients;
 * - one client with 1,400 invoices (3 lines each) and 600 payments (each settling two invoices)
 *   over two years: a statement of 2,000 entries;
 * - 1,100 orders ready to go (5 lines each) of a client without an email, for the bench to invoice
 *   through the API (no email: issuing queues no mail, whose PDF would be rendered in the
 *   background under the loads measured next);
 * - last month's statement run marked done for every client, as a portal running since then has it:
 *   otherwise the portal's first start in the month queues a statement PDF for all 10,000 clients,
 *   rendered in the background under the loads being measured.
 *
 * The counter row ends at the last number used, so the invoices the bench then issues through the
 * API go on from there, gap-free.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { previousMonth } from '../server/modules/billing/mail';
import { settingsRow, supplierParty } from '../server/modules/billing/settings';
import { addDays, businessDay } from '../shared/billing/accounts';

export interface BillingSize {
  /** Invoices of the statement client, over two years. */
  statementInvoices: number;
  /** Its payments, each settling two invoices (so at most half the invoices). */
  statementPayments: number;
  /** Orders, not invoiced, for the bench to invoice through the API. */
  ordersToIssue: number;
}

export const fullBillingSize: BillingSize = { statementInvoices: 1400, statementPayments: 600, ordersToIssue: 1100 };

export interface BillingDataset {
  size: Record<string, number>;
  /** The client of the 2,000-entry statement, and the period that covers all of it. */
  statementClient: { id: number; from: string; to: string };
  /** Orders not invoiced yet (of a client of their own), for `billing/issue_invoice`. */
  ordersToIssue: number[];
}

const STATEMENT_DAYS = 730;

/**
 * Documents and their lines written in one transaction, as the portal issues them, with the two
 * triggers that hold lines to their issuing transaction set aside: they note each new document in
 * a transaction-local setting, a string that grows by every id, which over tens of thousands of
 * invoices in one statement turns quadratic. The bench owns the tables; ALTER TABLE … DISABLE
 * TRIGGER is transactional, so no other session ever sees the triggers off.
 */
async function issueInBulk(db: Db, documents: SQL, lines: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table billing_documents disable trigger billing_documents_note_issuing`);
    await tx.execute(sql`alter table billing_document_lines disable trigger billing_document_lines_only_at_issue`);
    await tx.execute(documents);
    await tx.execute(lines);
    await tx.execute(sql`alter table billing_document_lines enable trigger billing_document_lines_only_at_issue`);
    await tx.execute(sql`alter table billing_documents enable trigger billing_documents_note_issuing`);
  });
}

export async function generateBilling(db: Db, size: BillingSize = fullBillingSize, now = new Date()): Promise<BillingDataset> {
  const started = performance.now();
  const today = businessDay(now);
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0];
  const settings = await settingsRow(db);
  const supplier = JSON.stringify(supplierParty(settings));
  const prefix = settings.invoicePrefix;
  const { n: productCount } = await one<{ n: number }>(sql`select count(*)::int as n from products where sku like 'BENCH-%'`);
  const { id: firstProduct } = await one<{ id: number }>(sql`select min(id) as id from products where sku like 'BENCH-%'`);
  const { id: firstClient } = await one<{ id: number }>(sql`select min(id) as id from clients where name like 'Bench client %'`);
  const { id: branch } = await one<{ id: number }>(sql`select id from branches where default_branch order by id limit 1`);
  const { last: before } = await one<{ last: number }>(sql`select last from document_counters where series = 'invoice'`);

  // The dataset's shipped orders, invoiced the day after they were placed (never after today),
  // numbered in that order after the counter; each with its balance in the same statement.
  await issueInBulk(
    db,
    sql`
      with shipped as (
        select o.id, o.client_id, o.created_at, o.total, o.vat, o.prices_include_vat,
               least(o.created_at::date + 1, ${today}::date) as issue_date,
               ${before}::int + row_number() over (order by o.created_at, o.id) as sequence
        from orders o
        where o.status in ('dispatched', 'delivered') and o.client_id >= ${firstClient}
          and not exists (select 1 from billing_documents d where d.order_id = o.id and d.type = 'invoice')
      ),
      issued as (
        insert into billing_documents (type, sequence, number, order_id, client_id, issued_at, issue_date, supply_date, due_date, "full",
          prices_include_vat, total_excl_vat, vat, total, by_class, supplier, recipient, locale)
        select 'invoice', s.sequence, ${prefix}::text || lpad(s.sequence::text, 6, '0'), s.id, s.client_id, s.issue_date::timestamptz + interval '8 hours',
               s.issue_date, s.created_at::date, s.issue_date + 30, s.total > 500000, s.prices_include_vat, s.total - s.vat, s.vat, s.total,
               jsonb_build_array(jsonb_build_object('vat_class', 'standard', 'rate_bp', 1500, 'total_excl_vat', s.total - s.vat, 'vat', s.vat, 'total', s.total)),
               ${supplier}::jsonb, jsonb_build_object('name', c.name, 'address', c.address, 'vat_number', c.vat_number), coalesce(c.locale, 'en')
        from shipped s join clients c on c.id = s.client_id
        returning id, client_id, due_date, total
      )
      insert into invoice_balances (invoice_id, client_id, due_date, value, open)
      select id, client_id, due_date, total,
             case when ${today}::date - due_date > 170 then (case when id % 3 = 0 then total else 0 end)
                  when id % 3 = 0 then 0 when id % 3 = 1 then total / 2 else total end
      from issued`,
    sql`
      insert into billing_document_lines (document_id, position, product_id, sku, description, quantity, unit_price, vat_class, rate_bp, total_excl_vat, vat, total)
      select d.id, l.position, l.product_id, p.sku, p.name, l.quantity, l.unit_price, l.vat_class, l.rate_bp, l.total - l.vat, l.vat, l.total
      from billing_documents d join order_lines l on l.order_id = d.order_id join products p on p.id = l.product_id
      where d.type = 'invoice' and d.sequence > ${before}`,
  );

  // What was paid of each: one EFT a week after issue (never after today), allocated to it.
  await db.execute(sql`
    with paid as (
      insert into payments (client_id, amount, reference, paid_at, status, unallocated, created_at)
      select b.client_id, b.value - b.open, 'BENCH-EFT-' || b.invoice_id, least(d.issue_date + 7, ${today}::date), 'confirmed', 0, least(d.issue_date + 7, ${today}::date)
      from invoice_balances b join billing_documents d on d.id = b.invoice_id
      where d.sequence > ${before} and d.type = 'invoice' and b.open < b.value
      returning id, amount, reference
    )
    insert into payment_allocations (payment_id, invoice_id, amount, created_at)
    select id, substr(reference, 11)::int, amount, now() from paid`);
  // Credit on one client in seven: a confirmed payment not allocated yet.
  await db.execute(sql`
    insert into payments (client_id, amount, reference, paid_at, status, unallocated)
    select c.id, 10000 + (c.id * 37) % 40000, 'BENCH-CREDIT-' || c.id, ${today}::date - (c.id % 60), 'confirmed', 10000 + (c.id * 37) % 40000
    from clients c where c.id >= ${firstClient} and c.name like 'Bench client %' and c.id % 7 = 0`);

  // The statement client: 1,400 invoices of 3 lines over two years, 600 payments each settling two.
  const { id: statementClient } = await one<{ id: number }>(sql`
    insert into clients (type, name, contact_name, email, phone, branch_id, membership_status, payment_terms)
    values ('stockist', 'Bench statement client', 'Statement Contact', 'bench.statement@example.com', '+27 11 000 99999', ${branch}, 'active', '30')
    returning id`);
  const { last: afterShipped } = await one<{ last: number }>(sql`select coalesce(max(sequence), ${before})::int as last from billing_documents where type = 'invoice'`);
  const from = addDays(today, -STATEMENT_DAYS);
  const invoices = size.statementInvoices;
  const settled = Math.min(2 * size.statementPayments, invoices);
  // Line j of invoice k: a deterministic product and quantity, so the documents' totals and their
  // lines (inserted next) agree to the cent.
  const statementLines = sql`
    select k, j, p.id as product_id, p.sku, p.name, 1 + (k + j) % 4 as quantity, p.price as unit_price,
           (1 + (k + j) % 4) * p.price as total, ((2::bigint * (1 + (k + j) % 4) * p.price * 1500 + 11500) / 23000)::int as vat
    from generate_series(1, ${invoices}) k cross join generate_series(1, 3) j
    join products p on p.id = ${firstProduct} + ((k * 31 + j * 97) % ${productCount})`;
  await issueInBulk(
    db,
    sql`
      with lines as (${statementLines}),
      docs as (
        select k, sum(total)::int as total, sum(vat)::int as vat,
               ${from}::date + (k * ${STATEMENT_DAYS} / ${invoices})::int as issue_date
        from lines group by k
      ),
      issued as (
        insert into billing_documents (type, sequence, number, client_id, issued_at, issue_date, supply_date, due_date, "full",
          prices_include_vat, total_excl_vat, vat, total, by_class, supplier, recipient, locale)
        select 'invoice', ${afterShipped}::int + k, ${prefix}::text || lpad((${afterShipped}::int + k)::text, 6, '0'), ${statementClient},
               issue_date::timestamptz + interval '8 hours', issue_date, issue_date, issue_date + 30, total > 500000, true, total - vat, vat, total,
               jsonb_build_array(jsonb_build_object('vat_class', 'standard', 'rate_bp', 1500, 'total_excl_vat', total - vat, 'vat', vat, 'total', total)),
               ${supplier}::jsonb, jsonb_build_object('name', 'Bench statement client', 'address', '', 'vat_number', ''), 'en'
        from docs
        returning id, sequence, due_date, total
      )
      insert into invoice_balances (invoice_id, client_id, due_date, value, open)
      select id, ${statementClient}, due_date, total, case when sequence - ${afterShipped} <= ${settled} then 0 else total end from issued`,
    sql`
      with lines as (${statementLines})
      insert into billing_document_lines (document_id, position, product_id, sku, description, quantity, unit_price, vat_class, rate_bp, total_excl_vat, vat, total)
      select d.id, l.j, l.product_id, l.sku, l.name, l.quantity, l.unit_price, 'standard', 1500, l.total - l.vat, l.vat, l.total
      from lines l join billing_documents d on d.type = 'invoice' and d.sequence = ${afterShipped}::int + l.k`,
  );
  await db.execute(sql`
    with inv as (
      select id, total, issue_date, (sequence - ${afterShipped} + 1) / 2 as pair
      from billing_documents where client_id = ${statementClient} and type = 'invoice' and sequence - ${afterShipped} <= ${settled}
    ),
    paid as (
      insert into payments (client_id, amount, reference, paid_at, status, unallocated)
      select ${statementClient}, sum(total), 'BENCH-STMT-' || pair, least(max(issue_date) + 20, ${today}::date), 'confirmed', 0
      from inv group by pair
      returning id, reference
    )
    insert into payment_allocations (payment_id, invoice_id, amount)
    select p.id, i.id, i.total from paid p join inv i on i.pair = substr(p.reference, 12)::int`);
  await db.execute(sql`update document_counters set last = (select max(sequence) from billing_documents where type = 'invoice') where series = 'invoice'`);

  // Last month's statements already went out to everyone.
  await db.execute(sql`insert into statement_runs (client_id, month) select id, ${previousMonth(now).month} from clients on conflict do nothing`);

  // The orders the bench invoices through the API: ready to go, 5 lines each like the dataset's,
  // of a client without an email, so issuing queues no mail (whose PDF the worker would render in
  // the background, under the loads measured next).
  const { id: invoiceClient } = await one<{ id: number }>(sql`
    insert into clients (type, name, contact_name, email, phone, branch_id, membership_status, payment_terms)
    values ('stockist', 'Bench invoice client', 'Invoice Contact', '', '+27 11 000 99998', ${branch}, 'active', '30')
    returning id`);
  const { id: creator } = await one<{ id: number }>(sql`select u.id from users u join roles r on r.id = u.role_id where r.name = 'admin' order by u.id limit 1`);
  await db.execute(sql`
    insert into orders (client_id, branch_id, created_by, status, total, token, created_at, updated_at)
    select ${invoiceClient}, ${branch}, ${creator}, 'ready', 0, md5('bench-invoice-order-' || g || '-' || random()::text), now() - interval '1 day', now()
    from generate_series(1, ${size.ordersToIssue}) g`);
  await db.execute(sql`
    insert into order_lines (order_id, position, product_id, quantity, unit_price, total, vat)
    select o.id, k, p.id, 1 + (o.id + k) % 6, p.price, (1 + (o.id + k) % 6) * p.price,
           ((2::bigint * (1 + (o.id + k) % 6) * p.price * 1500 + 11500) / 23000)::integer
    from orders o cross join generate_series(1, 5) k
    join products p on p.id = ${firstProduct} + ((o.id * 31 + k * 97) % ${productCount})
    where o.client_id = ${invoiceClient}`);
  await db.execute(sql`
    update orders o set total = l.total, vat = l.vat
    from (select order_id, sum(total) as total, sum(vat) as vat from order_lines group by order_id) l
    where l.order_id = o.id and o.client_id = ${invoiceClient}`);
  const orders = rowsOf<{ id: number }>(await db.execute(sql`select id from orders where client_id = ${invoiceClient} order by id`)).map((r) => Number(r.id));
  // Rows written here in SQL bypass the billing writes that keep debtor_balances: mark every client
  // that owes or holds credit as not yet aged, as migration 0011 does, so the first list call ages them.
  await db.execute(sql`
    insert into debtor_balances (client_id, as_of, balance, current, days_1_30, days_31_60, days_61_90, days_91_120, days_120_plus)
    select distinct client_id, date '1970-01-01', 0, 0, 0, 0, 0, 0, 0 from (
      select client_id from invoice_balances where open <> 0
      union select client_id from payments where status = 'confirmed' and unallocated > 0) owing
    on conflict (client_id) do update set as_of = date '1970-01-01'`);
  await db.execute(sql`vacuum analyze billing_documents`);
  await db.execute(sql`vacuum analyze billing_document_lines`);
  await db.execute(sql`vacuum analyze invoice_balances`);
  await db.execute(sql`vacuum analyze payments`);
  await db.execute(sql`vacuum analyze payment_allocations`);
  await db.execute(sql`vacuum analyze statement_runs`);
  await db.execute(sql`vacuum analyze debtor_balances`);

  const count = async (query: ReturnType<typeof sql>) => Number((await one<{ n: number }>(query)).n);
  return {
    size: {
      invoices: await count(sql`select count(*) as n from billing_documents where type = 'invoice'`),
      invoice_lines: await count(sql`select count(*) as n from billing_document_lines`),
      open_invoices: await count(sql`select count(*) as n from invoice_balances where open <> 0`),
      payments: await count(sql`select count(*) as n from payments`),
      clients_with_balance: await count(sql`select count(distinct client_id) as n from invoice_balances where open <> 0`),
      clients_with_credit: await count(sql`select count(distinct client_id) as n from payments where status = 'confirmed' and unallocated > 0`),
      statement_entries: await count(sql`
        select (select count(*) from billing_documents where client_id = ${statementClient} and issue_date between ${from} and ${today})
             + (select count(*) from payments where client_id = ${statementClient} and status = 'confirmed' and paid_at between ${from} and ${today}) as n`),
      generate_ms: Math.round(performance.now() - started),
    },
    statementClient: { id: Number(statementClient), from, to: today },
    ordersToIssue: orders,
  };
}
