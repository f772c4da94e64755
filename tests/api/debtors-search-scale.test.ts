import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { FEW_CLIENTS } from '../../server/modules/clients/named';
import { generateDataset } from '../../bench/dataset';
import { generateBilling } from '../../bench/billing';
import { ageingBuckets } from '../../shared/billing/accounts';
import { useTestApp } from './support/app';

/**
 * The debtors screen searched as the clients grow: a search finds its clients first and then their
 * balance rows by key (their ids as a list when few, the matching set when more than FEW_CLIENTS);
 * either way each filter answers the same rows, total and totals as the plainest query, every
 * debtor's client name tested.
 */
const t = useTestApp();

interface Filters {
  page?: number;
  sort?: 'balance' | 'client_name' | 'overdue' | 'days_120_plus' | 'id';
  order?: 'ASC' | 'DESC';
  q?: string;
  overdue?: boolean;
  branch_id?: number;
  over_limit?: boolean;
}

const buckets = ageingBuckets;
const sortSql: Record<NonNullable<Filters['sort']>, string> = {
  balance: 'd.balance',
  client_name: 'lower(c.name)',
  overdue: `(${ageingBuckets.filter((b) => b !== 'current').map((b) => `d.${b}`).join(' + ')})`,
  days_120_plus: 'd.days_120_plus',
  id: 'd.client_id',
};
let branch = 0;

beforeAll(async () => {
  // More matching clients than a search sends by id, so both of its paths run.
  await generateDataset(t.db, { clients: FEW_CLIENTS + 1_000, products: 20, groups: 2, orders: 9_000, linesPerOrder: 1, heavyMemberOrders: 10 });
  await generateBilling(t.db, { statementInvoices: 20, statementPayments: 5, ordersToIssue: 2 });
  await t.db.execute(sql`update clients set credit_limit = 100000 where name like 'Bench client %' and id % 5 = 0`);
  [{ id: branch }] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from branches where default_branch`));
}, 300_000);

const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

async function reference(filters: Filters) {
  const conditions = ['d.balance <> 0'];
  if (filters.q) conditions.push(`c.name ilike ${literal(`%${filters.q.trim()}%`)}`);
  if (filters.overdue) conditions.push(`${sortSql.overdue} > 0`);
  if (filters.branch_id) conditions.push(`c.branch_id = ${literal(filters.branch_id)}`);
  if (filters.over_limit) conditions.push('c.credit_limit is not null and d.balance > c.credit_limit');
  const where = conditions.join(' and ');
  const direction = filters.order ?? 'ASC';
  const run = async (text: string) => rowsOf<Record<string, unknown>>(await t.db.execute(sql.raw(text)));
  const page = await run(
    `select d.client_id as id from debtor_balances d join clients c on c.id = d.client_id where ${where}
     order by ${sortSql[filters.sort ?? 'balance']} ${direction}, d.client_id ${direction} limit 25 offset ${((filters.page ?? 1) - 1) * 25}`,
  );
  const [sums] = await run(
    `select count(*) as total, ${buckets.map((b) => `coalesce(sum(d.${b}), 0) as ${b}`).join(', ')} from debtor_balances d join clients c on c.id = d.client_id where ${where}`,
  );
  return {
    ids: page.map((row) => Number(row.id)),
    total: Number(sums.total),
    totals: Object.fromEntries(buckets.map((b) => [b, Number(sums[b])])),
  };
}

async function listed(filters: Filters, token: string) {
  const query = new URLSearchParams(Object.entries({ perPage: 25, sort: 'balance', ...filters }).map(([k, v]) => [k, String(v)]));
  const answer = await t.get(`/api/billing/debtors?${query}`, { token });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { data: { id: number }[]; total: number; totals: Record<string, number> };
}

describe('billing/debtors searched at scale answers what a plain query of the debtors answers', () => {
  it('narrow and broad searches, with the other filters, any page and sort', async () => {
    const token = await t.tokenFor('admin');
    // The first call ages every balance row for the day; the reference reads them after it.
    await listed({}, token);
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from clients where name ilike '%Bench client%'`));
    expect(n).toBeGreaterThan(FEW_CLIENTS);
    const cases: Filters[] = [
      { q: 'client 12', overdue: true, order: 'DESC' },
      { q: 'client 12', order: 'DESC', sort: 'client_name' },
      { q: 'Bench client', order: 'DESC' },
      { q: 'bench CLIENT', overdue: true, page: 12, order: 'DESC' },
      { q: 'Bench client 1', branch_id: branch, sort: 'overdue', order: 'DESC', page: 2 },
      { q: 'client 2', over_limit: true, sort: 'days_120_plus', order: 'DESC' },
      { q: 'Bench client', sort: 'client_name', page: 30 },
      { q: 'Bench client 2417' },
      { q: 'no such client' },
      { overdue: true, order: 'DESC', page: 3 },
    ];
    for (const filters of cases) {
      const [answer, expected] = await Promise.all([listed(filters, token), reference(filters)]);
      expect({ ids: answer.data.map((d) => d.id), total: answer.total, totals: answer.totals }, JSON.stringify(filters)).toEqual(expected);
    }
    // The searches above do find debtors: the comparison is not of empty pages.
    expect((await listed({ q: 'Bench client', overdue: true }, token)).total).toBeGreaterThan(25);
  });
});
