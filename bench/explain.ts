/**
 * `npx tsx bench/explain.ts` (DATABASE_URL required): the plans of the hot queries on the bench's
 * dataset with its billing rows (bench/billing.ts), as `EXPLAIN (ANALYZE, BUFFERS)` prints them, for bench/README.md. The statements are the
 * ones the services send (recorded through Drizzle's logger while each service runs once, with the
 * parameters of the bench's calls), so the plans are of the real queries, not of hand copies.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm/logger';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CurrentUser, RoleName } from '../server/auth/roles';
import { type Db, openDatabase } from '../server/db/client';
import * as schema from '../server/db/schema';
import { seedDemoData } from '../server/db/seed/demo';
import { ensureReferenceData } from '../server/db/seed/reference';
import { listClients } from '../server/modules/clients/service';
import type { OrderListParams } from '../server/modules/orders/schemas';
import { listOrders } from '../server/modules/orders/list';
import { listProducts } from '../server/modules/products/service';
import { listDebtors } from '../server/modules/billing/debtors';
import { statement } from '../server/modules/billing/statements';
import type { DebtorsParams } from '../server/modules/billing/wire';
import { generateBilling } from './billing';
import { HEAVY_MEMBER_NAME, fullSize, generateDataset } from './dataset';
import { scratchDatabase } from './portal';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
// EXPLAIN_KEPT=1: the plans on the dataset already in DATABASE_URL (bench/make-dataset.mts made it,
// at any size), instead of a scratch database generated at the default size and dropped.
const kept = process.env.EXPLAIN_KEPT === '1';
const scratch = kept ? { url, drop: async () => {} } : await scratchDatabase(url, 'explain');
const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
try {
  if (!kept) {
    const setup = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
    await ensureReferenceData(setup.db);
    await seedDemoData(setup.db);
    await generateDataset(setup.db, fullSize);
    await generateBilling(setup.db);
    await setup.db.execute(sql`analyze`);
    await setup.close();
  }
  const count = async (table: string) => Number((await pool.query(`select count(*) as n from ${table}`)).rows[0].n);
  const size = { orders: await count('orders'), clients: await count('clients'), invoices: await count("billing_documents where type = 'invoice'") };
  const { rows: [statementClient] } = await pool.query<{ client_id: number; n: number }>(
    "select client_id, count(*)::int as n from billing_documents where type = 'invoice' group by client_id order by 2 desc limit 1",
  );

  const recorded: { query: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (query, params) => recorded.push({ query, params }) };
  const db = drizzle(pool, { schema, logger }) as unknown as Db;
  const userOf = async (role: RoleName): Promise<CurrentUser> => {
    const { rows } = await pool.query(
      'select u.id, u.name, u.email, u.role_id, r.name as role, u.client_id, u.token_version from users u join roles r on r.id = u.role_id where r.name = $1 order by u.id limit 1',
      [role],
    );
    const u = rows[0];
    return { id: u.id, name: u.name, email: u.email, roleId: u.role_id, role, clientId: u.client_id, tokenVersion: u.token_version };
  };
  const admin = await userOf('admin');
  const stockist = await userOf('stockist');
  const { rows: branches } = await pool.query<{ id: number }>('select id from branches where default_branch');
  const { rows: [heavy] } = await pool.query<{ id: number }>('select id from clients where name = $1', [HEAVY_MEMBER_NAME]);
  const heavyMember: CurrentUser = { ...stockist, clientId: heavy.id };
  const reseller = await userOf('reseller');
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86400_000).toISOString().slice(0, 10);
  const ordersPage = (user: CurrentUser, query: Partial<OrderListParams>) => () =>
    listOrders(db, user, { page: 1, perPage: 25, sort: 'created_at', order: 'DESC', ...query } as OrderListParams, now);
  const clientsPage = (query: Record<string, unknown>) => () => listClients(db, { page: 1, perPage: 25, sort: 'name', order: 'ASC', ...query } as Parameters<typeof listClients>[1]);

  const calls: [string, () => Promise<unknown>][] = [
    ['orders/all, a page of 25 newest first, one branch', ordersPage(admin, { branch_id: branches[0].id })],
    ['orders/all filtered: branch, status and a client-name search, page 2 (the bench\'s)', ordersPage(admin, { page: 2, order: 'ASC', branch_id: branches[0].id, status: 'delivered', q: 'Bench client 12' })],
    ['orders/all searched by a whole order number (q=ORD-000123)', ordersPage(admin, { q: 'ORD-000123' })],
    ['orders/all searched by part of an order number (q=ORD-0004)', ordersPage(admin, { q: 'ORD-0004' })],
    ['orders/all status and a date range, page 5', ordersPage(admin, { page: 5, status: 'confirmed', date_from: daysAgo(120), date_to: daysAgo(30) })],
    ['orders/all client-name search with a status, page 40', ordersPage(admin, { page: 40, status: 'confirmed', q: 'Bench client 12' })],
    ['orders/all a rare client-name search (q=Bench client 4711)', ordersPage(admin, { q: 'Bench client 4711' })],
    ['orders/all the member\'s own orders (10,000 of them), page 3', ordersPage(heavyMember, { page: 3 })],
    ['orders/all the reseller\'s clients\' orders', ordersPage(reseller, {})],
    ['clients/all searched, type, membership, sorted by name (the bench\'s)', clientsPage({ q: 'client 12', type: 'stockist', membership_status: 'active' })],
    ['clients/all searched, sorted by name, page 3', clientsPage({ page: 3, q: 'client 12' })],
    ['clients/all a rep\'s clients, sorted by name', clientsPage({ rep: reseller.id })],
    ['products/alldisplay at the stockist role price', () => listProducts(db, stockist, { page: 1, perPage: 25, sort: 'name', order: 'ASC', display_material: true } as Parameters<typeof listProducts>[2])],
    ['billing/debtors, a page of 25 by balance', () => listDebtors(db, db, admin, { page: 1, perPage: 25, sort: 'balance', order: 'DESC' } as DebtorsParams, now)],
    ['billing/debtors searched, overdue only', () => listDebtors(db, db, admin, { page: 1, perPage: 25, sort: 'balance', order: 'DESC', q: 'client 12', overdue: true } as DebtorsParams, now)],
    [`billing/statement of the client with the most invoices (${statementClient?.n ?? 0})`, () => statement(db, admin, statementClient.client_id, { from: daysAgo(730), to: daysAgo(0) })],
  ];
  const out: string[] = [`Dataset: ${JSON.stringify(size)}`];
  for (const [name, call] of calls) {
    recorded.length = 0;
    await call();
    out.push(`\n### ${name}\n`);
    for (const { query, params } of recorded.filter((r) => /^\s*(select|with)/i.test(r.query))) {
      const { rows } = await pool.query(`explain (analyze, buffers) ${query}`, params as unknown[]);
      const last = rows.at(-1)?.['QUERY PLAN'] as string;
      console.error(`${name}: ${last}`);
      out.push('```sql', query, '```', '```', ...rows.map((r) => r['QUERY PLAN'] as string), '```');
    }
  }
  console.log(out.join('\n'));
} finally {
  await pool.end();
  await scratch.drop();
}
