/**
 * `npx tsx bench/explain.ts` (DATABASE_URL required): the plans of the hot queries on the DESIGN §7
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
import { listOrders } from '../server/modules/orders/service';
import { listProducts } from '../server/modules/products/service';
import { listDebtors } from '../server/modules/billing/debtors';
import { statement } from '../server/modules/billing/statements';
import type { DebtorsParams } from '../server/modules/billing/wire';
import { generateBilling } from './billing';
import { fullSize, generateDataset } from './dataset';
import { scratchDatabase } from './portal';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const scratch = await scratchDatabase(url, 'explain');
const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
try {
  const setup = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
  await ensureReferenceData(setup.db);
  await seedDemoData(setup.db);
  const size = await generateDataset(setup.db, fullSize);
  const billing = await generateBilling(setup.db);
  await setup.db.execute(sql`analyze`);
  await setup.close();

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
  const now = new Date();

  const calls: [string, () => Promise<unknown>][] = [
    ['orders/all, a page of 25 newest first, one branch', () => listOrders(db, admin, { page: 1, perPage: 25, sort: 'created_at', order: 'DESC', branch_id: branches[0].id } as OrderListParams, now)],
    ['orders/all filtered: status and a search', () => listOrders(db, admin, { page: 2, perPage: 25, sort: 'created_at', order: 'ASC', branch_id: branches[0].id, status: 'delivered', q: 'Bench client 12' } as OrderListParams, now)],
    ['clients/all filtered', () => listClients(db, { page: 1, perPage: 25, sort: 'name', order: 'ASC', q: 'client 12', type: 'stockist', membership_status: 'active' } as Parameters<typeof listClients>[1])],
    ['products/alldisplay at the stockist role price', () => listProducts(db, stockist, { page: 1, perPage: 25, sort: 'name', order: 'ASC', display_material: true } as Parameters<typeof listProducts>[2])],
    ['billing/debtors, a page of 25 by balance', () => listDebtors(db, db, admin, { page: 1, perPage: 25, sort: 'balance', order: 'DESC' } as DebtorsParams, now)],
    ['billing/debtors searched, overdue only', () => listDebtors(db, db, admin, { page: 1, perPage: 25, sort: 'balance', order: 'DESC', q: 'client 12', overdue: true } as DebtorsParams, now)],
    [`billing/statement of ${billing.size.statement_entries} entries`, () => statement(db, admin, billing.statementClient.id, billing.statementClient)],
  ];
  const out: string[] = [`Dataset: ${JSON.stringify(size)}`, `Billing: ${JSON.stringify(billing.size)}`];
  for (const [name, call] of calls) {
    recorded.length = 0;
    await call();
    out.push(`\n### ${name}\n`);
    for (const { query, params } of [...recorded]) {
      const { rows } = await pool.query(`explain (analyze, buffers) ${query}`, params as unknown[]);
      out.push('```sql', query, '```', '```', ...rows.map((r) => r['QUERY PLAN'] as string), '```');
    }
  }
  console.log(out.join('\n'));
} finally {
  await pool.end();
  await scratch.drop();
}
