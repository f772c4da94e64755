/**
 * `npx tsx bench/explain.ts` (DATABASE_URL required): the plans of the hot queries on the bench's
 * dataset with its billing rows (bench/billing.ts), as `EXPLAIN (ANALYZE, BUFFERS)` prints them, for bench/plans.md. The statements are the
 * ones the services send (recorded through Drizzle's logger while each service runs once, with the
 * parameters of the bench's calls), so the plans are of the real queries, not of hand copies.
 *
 * `EXPLAIN_KEPT=1` reads the datasets already in the databases named (bench/make-dataset.mts made
 * them), instead of a scratch database generated at the default size and dropped; with
 * `EXPLAIN_URLS=postgres://…/small,postgres://…/large` the same calls at each size, each statement's
 * execution time the median of `EXPLAIN_REPEAT` runs (5), printed side by side with its buffers and
 * the growth from the first size to the last, then every plan at every size.
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
import { productionPlan } from '../server/modules/production/plan';
import { generateBilling } from './billing';
import { generateStock } from './stock';
import { HEAVY_MEMBER_NAME, fullSize, generateDataset } from './dataset';
import { scratchDatabase } from './portal';

const url = process.env.DATABASE_URL;
const urls = (process.env.EXPLAIN_URLS ?? url ?? '').split(',').filter(Boolean);
if (!urls.length) throw new Error('DATABASE_URL (or EXPLAIN_URLS) is required');
const kept = process.env.EXPLAIN_KEPT === '1' || Boolean(process.env.EXPLAIN_URLS);
const repeat = Number(process.env.EXPLAIN_REPEAT ?? 5);

interface Explained {
  query: string;
  plan: string[];
  /** Median execution time of `repeat` runs, ms. */
  ms: number;
  buffers: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** Shared buffers hit and read by the whole statement: the plan's first `Buffers:` line (its root's). */
const buffersOf = (plan: string[]) => {
  const line = plan.find((row) => /^\s*Buffers: shared/.test(row)) ?? '';
  return [...line.matchAll(/(?:hit|read)=(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
};

/** Every call's statements explained on one database: its size, and the plans by call. */
async function explainAll(databaseUrl: string): Promise<{ size: Record<string, number>; calls: Map<string, Explained[]> }> {
  const scratch = kept ? { url: databaseUrl, drop: async () => {} } : await scratchDatabase(databaseUrl, 'explain');
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  try {
    if (!kept) {
      const setup = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
      await ensureReferenceData(setup.db);
      await seedDemoData(setup.db);
      await generateDataset(setup.db, fullSize);
      await generateBilling(setup.db);
      await generateStock(setup.db);
      await setup.db.execute(sql`analyze`);
      await setup.close();
    }
    const count = async (table: string) => Number((await pool.query(`select count(*) as n from ${table}`)).rows[0].n);
    const size = { orders: await count('orders'), clients: await count('clients'), invoices: await count("billing_documents where type = 'invoice'"), debtors: await count('debtor_balances where balance <> 0') };
    const { rows: [statementClient] } = await pool.query<{ client_id: number; n: number }>(
      "select client_id, count(*)::int as n from billing_documents where type = 'invoice' group by client_id order by 2 desc limit 1",
    );
    const { rows: [benchStatement] } = await pool.query<{ id: number }>("select id from clients where name = 'Bench statement client'");

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
    const debtorsPage = (query: Partial<DebtorsParams>) => () => listDebtors(db, db, admin, { page: 1, perPage: 25, sort: 'balance', order: 'DESC', ...query } as DebtorsParams, now);

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
      ['clients/all a broad search (q=client, every client matches), sorted by name', clientsPage({ q: 'client' })],
      ['clients/all unfiltered, sorted by name, page 1', clientsPage({})],
      ['clients/all type and membership, sorted by name, page 10', clientsPage({ page: 10, type: 'individual', membership_status: 'expired' })],
      ['clients/all a rep\'s clients, sorted by name', clientsPage({ rep: reseller.id })],
      ['products/alldisplay at the stockist role price', () => listProducts(db, stockist, { page: 1, perPage: 25, sort: 'name', order: 'ASC', display_material: true } as Parameters<typeof listProducts>[2])],
      ['billing/debtors, a page of 25 by balance', debtorsPage({})],
      ['billing/debtors searched, overdue only (the bench\'s)', debtorsPage({ q: 'client 12', overdue: true })],
      ['billing/debtors a rare search (q=Bench client 4711)', debtorsPage({ q: 'Bench client 4711' })],
      ['billing/statement of the bench\'s statement client, its last page of 50 (the bench\'s)', () => statement(db, admin, benchStatement.id, { from: daysAgo(730), to: daysAgo(0) }, { page: 40, perPage: 50 })],
      [`billing/statement of the client with the most invoices, a page of 50`, () => statement(db, admin, statementClient.client_id, { from: daysAgo(730), to: daysAgo(0) }, { page: 1, perPage: 50 })],
      ['production/plan of the default branch (the goods part\'s)', () => productionPlan(db, branches[0].id)],
    ];
    const explained = new Map<string, Explained[]>();
    for (const [name, call] of calls) {
      recorded.length = 0;
      await call();
      const statements: Explained[] = [];
      for (const { query, params } of recorded.filter((r) => /^\s*(select|with)/i.test(r.query))) {
        const times: number[] = [];
        let plan: string[] = [];
        for (let run = 0; run < repeat; run += 1) {
          const { rows } = await pool.query(`explain (analyze, buffers) ${query}`, params as unknown[]);
          plan = rows.map((r) => r['QUERY PLAN'] as string);
          times.push(Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1) ?? '')?.[1] ?? NaN));
        }
        statements.push({ query, plan, ms: median(times), buffers: buffersOf(plan) });
      }
      console.error(`${name}: ${statements.map((s) => `${s.ms} ms, ${s.buffers} buffers`).join(' + ')}`);
      explained.set(name, statements);
    }
    return { size, calls: explained };
  } finally {
    await pool.end();
    await scratch.drop();
  }
}

const results = [];
for (const databaseUrl of urls) results.push(await explainAll(databaseUrl));
const sizes = results.map((r) => `${r.size.orders.toLocaleString('en')} orders`);
const figure = (statements: Explained[] | undefined) =>
  statements?.length ? `${statements.map((s) => s.ms.toFixed(2)).join(' + ')} ms (${statements.map((s) => s.buffers).join(' + ')})` : '—';
const totalMs = (statements: Explained[] | undefined) => (statements ?? []).reduce((sum, s) => sum + s.ms, 0);
const out: string[] = [
  ...results.map((r, i) => `Dataset ${i + 1}: ${JSON.stringify(r.size)}`),
  '',
  `Execution time, the median of ${repeat} runs of \`EXPLAIN (ANALYZE, BUFFERS)\` of each statement (in brackets: its shared buffers)${results.length > 1 ? ', and the growth of the summed times from the first size to the last' : ''}:`,
  '',
  `| call | ${sizes.join(' | ')}${results.length > 1 ? ' | growth |' : ''}`,
  `|---|${sizes.map(() => '---|').join('')}${results.length > 1 ? '---|' : ''}`,
];
for (const name of results[0].calls.keys()) {
  const row = results.map((r) => figure(r.calls.get(name)));
  const growth = results.length > 1 ? ` ${(totalMs(results.at(-1)!.calls.get(name)) / Math.max(0.001, totalMs(results[0].calls.get(name)))).toFixed(2)}× |` : '';
  out.push(`| ${name} | ${row.join(' | ')} |${growth}`);
}
for (const name of results[0].calls.keys()) {
  out.push(`\n### ${name}\n`);
  for (const [i, r] of results.entries()) {
    if (results.length > 1) out.push(`At ${sizes[i]}:\n`);
    for (const { query, plan } of r.calls.get(name) ?? []) out.push('```sql', query, '```', '```', ...plan, '```');
  }
}
console.log(out.join('\n'));
