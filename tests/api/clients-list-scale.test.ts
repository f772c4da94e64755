import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { COUNT_CAP } from '../../server/http/listQuery';
import { generateDataset } from '../../bench/dataset';
import { useTestApp } from './support/app';

/**
 * The members list as the clients grow: each filter the screen sends answers the same rows and
 * total as the plainest query of the clients, whatever path the list takes to them (the name
 * index walked with the filters tested on the way, a rare search through its trigram indexes), and
 * a search past COUNT_CAP clients says its total is capped, with the exact figure one parameter away.
 */
const t = useTestApp();

interface Filters {
  page?: number;
  perPage?: number;
  sort?: 'name' | 'id' | 'type' | 'contact_name' | 'email' | 'branch_id' | 'membership_status' | 'membership_expires_at' | 'created_at';
  order?: 'ASC' | 'DESC';
  q?: string;
  type?: string;
  branch_id?: number;
  membership_status?: string;
  rep?: number;
  archived?: boolean;
}

let branch = 0;
let resellerId = 0;

beforeAll(async () => {
  // More clients than the cap, so a broad search is capped and a narrow one is not.
  await generateDataset(t.db, { clients: COUNT_CAP + 1_500, products: 20, groups: 2, orders: 2_000, linesPerOrder: 1, heavyMemberOrders: 10 });
  // Some archived clients (the list leaves them out unless asked) and some expiry dates to sort by.
  await t.db.execute(sql`update clients set archived_at = now() - (id % 30) * interval '1 day' where name like 'Bench client %' and id % 97 = 0`);
  await t.db.execute(sql`update clients set membership_expires_at = now() + (id % 400) * interval '1 day' where name like 'Bench client %' and id % 4 = 0`);
  await t.db.execute(sql`analyze clients`);
  [{ id: branch }] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from branches where default_branch`));
  resellerId = t.demo.reseller.id;
}, 300_000);

const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
const pattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows and count the filters select, by the plainest query: every client tested against each filter. */
async function reference(filters: Filters): Promise<{ ids: number[]; total: number }> {
  const conditions = [filters.archived ? 'c.archived_at is not null' : 'c.archived_at is null'];
  if (filters.type) conditions.push(`c.type = ${literal(filters.type)}`);
  if (filters.branch_id) conditions.push(`c.branch_id = ${literal(filters.branch_id)}`);
  if (filters.membership_status) conditions.push(`c.membership_status = ${literal(filters.membership_status)}`);
  if (filters.rep) conditions.push(`c.id in (select client_id from rep_clients where rep_user_id = ${literal(filters.rep)})`);
  const q = filters.q?.trim();
  if (q) conditions.push(['name', 'contact_name', 'email', 'phone'].map((column) => `c.${column} ilike ${literal(pattern(q))}`).join(' or ').replace(/^(.*)$/, '($1)'));
  const where = conditions.join(' and ');
  const direction = filters.order ?? 'ASC';
  const perPage = filters.perPage ?? 25;
  const run = async (text: string) => rowsOf<Record<string, unknown>>(await t.db.execute(sql.raw(text)));
  const page = await run(
    `select c.id from clients c where ${where}
     order by c.${filters.sort ?? 'name'} ${direction}, c.id ${direction} limit ${perPage} offset ${((filters.page ?? 1) - 1) * perPage}`,
  );
  const [{ n }] = await run(`select count(*) as n from clients c where ${where}`);
  return { ids: page.map((row) => Number(row.id)), total: Number(n) };
}

async function listed(filters: Filters & { exact_total?: boolean }, token: string) {
  const query = new URLSearchParams(Object.entries({ perPage: 25, sort: 'name', ...filters }).map(([k, v]) => [k, String(v)]));
  const answer = await t.get(`/api/clients/all?${query}`, { token });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { data: { id: number }[]; total: number; total_capped: boolean };
}

async function expectSameAsReference(filters: Filters, token: string) {
  const [answer, expected] = await Promise.all([listed(filters, token), reference(filters)]);
  expect(answer.data.map((c) => c.id), JSON.stringify(filters)).toEqual(expected.ids);
  if (expected.total > COUNT_CAP && filters.q) {
    expect(answer, JSON.stringify(filters)).toMatchObject({ total: COUNT_CAP, total_capped: true });
  } else {
    expect({ total: answer.total, total_capped: answer.total_capped }, JSON.stringify(filters)).toEqual({ total: expected.total, total_capped: false });
  }
}

describe('clients/all at scale answers what a plain query of the clients answers', () => {
  it('unfiltered, filtered by type, membership, branch and rep, searched, archived, any page and sort', async () => {
    const token = await t.tokenFor('admin');
    const cases: Filters[] = [
      {},
      { page: 3 },
      { order: 'DESC', page: 2 },
      { page: 400 },
      { q: 'client 12', type: 'stockist', membership_status: 'active' },
      { q: 'client 12', page: 3 },
      { q: 'client' },
      { q: 'CLIENT', page: 120, order: 'DESC' },
      { q: 'Bench client 4711' },
      { q: '000 1234' },
      { q: 'bench.client.99@' },
      { q: 'no such client' },
      { q: '50%_' },
      { type: 'individual', membership_status: 'expired', page: 10 },
      { type: 'stockist', branch_id: branch, order: 'DESC', page: 4 },
      { membership_status: 'requested', sort: 'created_at', order: 'DESC', page: 2 },
      { sort: 'membership_expires_at', page: 5 },
      { sort: 'email', order: 'DESC', q: 'client 3' },
      { sort: 'type', membership_status: 'approved', page: 7 },
      { archived: true },
      { archived: true, q: 'client 1', order: 'DESC' },
      { rep: resellerId },
      { rep: resellerId, q: 'client 1', page: 2 },
    ];
    for (const filters of cases) await expectSameAsReference(filters, token);
  });

  it('keeps the unsearched totals in step as clients are created, changed, archived and erased', async () => {
    const token = await t.tokenFor('admin');
    const created = await t.post('/api/clients/save', { type: 'individual', name: 'Zola Counted', membership_status: 'requested', branch_id: branch }, { token });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: { id: number } }).data.id;
    const activated = await t.post('/api/clients/activate_membership', { id }, { token });
    expect(activated.statusCode, activated.body).toBe(200);
    const moved = await t.post('/api/clients/save', { id, type: 'stockist', branch_id: null }, { token });
    expect(moved.statusCode, moved.body).toBe(200);
    // A bulk change and a removal, as an import or an erasure writes them.
    await t.db.execute(sql`update clients set membership_status = 'expired' where name like 'Bench client 3%' and membership_status = 'active'`);
    const removable = sql`name like 'Bench client 99%' and not exists (select 1 from orders o where o.client_id = clients.id)
      and not exists (select 1 from users u where u.client_id = clients.id) and not exists (select 1 from rep_clients r where r.client_id = clients.id)`;
    await t.db.execute(sql`delete from client_payment_references where client_id in (select id from clients where ${removable})`);
    await t.db.execute(sql`delete from clients where ${removable}`);
    const archived = await t.post('/api/clients/delete', { id }, { token });
    expect(archived.statusCode, archived.body).toBe(200);
    for (const filters of [
      {},
      { type: 'stockist' },
      { membership_status: 'active' },
      { membership_status: 'expired', type: 'individual' },
      { branch_id: branch, type: 'individual', membership_status: 'requested' },
      { archived: true },
      { archived: true, type: 'stockist', membership_status: 'active' },
    ] satisfies Filters[]) {
      await expectSameAsReference(filters, token);
    }
  });

  it('caps a search’s count past 10,000 clients, and counts every one when asked', async () => {
    const token = await t.tokenFor('admin');
    const { total: n } = await reference({ q: 'Bench client' });
    expect(n).toBeGreaterThan(COUNT_CAP);
    const capped = await listed({ q: 'Bench client' }, token);
    expect(capped).toMatchObject({ total: COUNT_CAP, total_capped: true });
    const exact = await listed({ q: 'Bench client', exact_total: true }, token);
    expect(exact).toMatchObject({ total: n, total_capped: false });
    expect(exact.data).toEqual(capped.data);
    // Under the cap a search is counted exactly, and a list without a search is never capped.
    expect(await listed({ q: 'client 12' }, token)).toMatchObject({ total_capped: false });
    const all = await listed({}, token);
    expect(all.total).toBeGreaterThan(COUNT_CAP);
    expect(all.total_capped).toBe(false);
  });
});
