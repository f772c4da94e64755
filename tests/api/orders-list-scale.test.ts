import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { COUNT_CAP } from '../../server/http/listQuery';
import { FEW_CLIENTS } from '../../server/modules/clients/named';
import { HEAVY_MEMBER_NAME, generateDataset } from '../../bench/dataset';
import { useTestApp } from './support/app';

/**
 * The orders list as the data grows: each filter the screen sends answers the same rows and total
 * as a plain query of the orders joined with their clients (the search tested on each order's
 * client name), whatever path the list takes to them — the clients found first, few or many, the
 * order number by its key, the counts from the daily stats or from an index — and a search past
 * COUNT_CAP orders says its total is capped, with the exact figure one parameter away.
 */
const t = useTestApp();

interface Filters {
  page?: number;
  perPage?: number;
  sort?: 'created_at' | 'reference' | 'total' | 'status' | 'client_name' | 'id';
  order?: 'ASC' | 'DESC';
  branch_id?: number;
  status?: string;
  client_id?: number;
  date_from?: string;
  date_to?: string;
  q?: string;
}

const sortSql: Record<NonNullable<Filters['sort']>, string> = {
  created_at: 'o.created_at',
  reference: 'o.id',
  total: 'o.total',
  status: 'o.status',
  client_name: 'lower(c.name)',
  id: 'o.id',
};

let branch = 0;
let heavyClient = 0;
let resellerId = 0;
const daysAgo = (days: number) => new Date(Date.now() - days * 86400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  // More orders than the cap, and more clients than a search sends by id (2,000): both paths run.
  await generateDataset(t.db, { clients: 2_500, products: 40, groups: 2, orders: 12_000, linesPerOrder: 1, heavyMemberOrders: 600 });
  [{ id: branch }] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from branches where default_branch`));
  [{ id: heavyClient }] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from clients where name = ${HEAVY_MEMBER_NAME}`));
  resellerId = t.demo.reseller.id;
}, 300_000);

/** The rows and count the filters select, by the plainest query: every order joined with its client, the search on the client's name. */
async function reference(filters: Filters, visible: string): Promise<{ ids: number[]; total: number }> {
  const conditions = [visible];
  const values: unknown[] = [];
  const value = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  // -1: no branch selected, every branch.
  if (filters.branch_id !== undefined && filters.branch_id !== -1) conditions.push(`o.branch_id = ${value(filters.branch_id)}`);
  if (filters.status) conditions.push(`o.status = ${value(filters.status)}`);
  if (filters.client_id) conditions.push(`o.client_id = ${value(filters.client_id)}`);
  // A day is Johannesburg's (UTC+2, no summer time): its midnight is 22:00 UTC the day before.
  // (Not `at time zone '+02'`: PostgreSQL reads a bare offset the POSIX way, as two hours WEST.)
  const midnight = (day: string) => `((${day})::timestamp at time zone 'UTC' - interval '2 hours')`;
  if (filters.date_from) conditions.push(`o.created_at >= ${midnight(`${value(filters.date_from)}::date`)}`);
  if (filters.date_to) conditions.push(`o.created_at < ${midnight(`${value(filters.date_to)}::date + 1`)}`);
  if (filters.q) {
    const q = filters.q.trim();
    const number = /^(?:ORD-)?0*(\d{1,9})$/i.exec(q);
    const byName = `c.name ilike ${value(`%${q}%`)}`;
    conditions.push(number ? `(o.id = ${value(Number(number[1]))} or ${byName})` : byName);
  }
  const where = conditions.join(' and ');
  const direction = filters.order ?? 'ASC';
  const perPage = filters.perPage ?? 25;
  const run = async (text: string) => rowsOf<Record<string, unknown>>(await t.db.execute(sql.raw(text.replace(/\$(\d+)/g, (_, i) => literal(values[Number(i) - 1])))));
  const page = await run(
    `select o.id from orders o join clients c on c.id = o.client_id where ${where}
     order by ${sortSql[filters.sort ?? 'created_at']} ${direction}, o.id ${direction} limit ${perPage} offset ${((filters.page ?? 1) - 1) * perPage}`,
  );
  const [{ n }] = await run(`select count(*) as n from orders o join clients c on c.id = o.client_id where ${where}`);
  return { ids: page.map((row) => Number(row.id)), total: Number(n) };
}

const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

async function listed(filters: Filters & { exact_total?: boolean }, token: string) {
  const query = new URLSearchParams(Object.entries({ perPage: 25, ...filters }).map(([k, v]) => [k, String(v)]));
  const answer = await t.get(`/api/orders/all?${query}`, { token });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { data: { id: number }[]; total: number; total_capped: boolean };
}

async function expectSameAsReference(filters: Filters, token: string, visible = 'true') {
  const [answer, expected] = await Promise.all([listed(filters, token), reference(filters, visible)]);
  expect(answer.data.map((o) => o.id), JSON.stringify(filters)).toEqual(expected.ids);
  if (expected.total > COUNT_CAP && filters.q) {
    expect(answer).toMatchObject({ total: COUNT_CAP, total_capped: true });
  } else {
    expect({ total: answer.total, total_capped: answer.total_capped }, JSON.stringify(filters)).toEqual({ total: expected.total, total_capped: false });
  }
}

describe('orders/all at scale answers what a plain query of the orders answers', () => {
  it('for the company: branch, status, dates, client, order numbers and client names, any page and sort', async () => {
    const token = await t.tokenFor('admin');
    const cases: Filters[] = [
      { branch_id: branch, sort: 'created_at', order: 'DESC' },
      { branch_id: branch, status: 'delivered', q: 'Bench client 12', page: 2 },
      { q: 'ORD-000123', sort: 'created_at', order: 'DESC' },
      { q: '123' },
      { q: 'ORD-0004' },
      { q: 'ord-4' },
      { status: 'confirmed', date_from: daysAgo(120), date_to: daysAgo(30), page: 5, order: 'DESC' },
      { status: 'confirmed', q: 'Bench client 1', page: 12, order: 'DESC' },
      { q: 'bench CLIENT 2', status: 'new', sort: 'total', order: 'DESC', page: 3 },
      { q: 'Bench client', sort: 'client_name', page: 7 },
      { q: 'Bench client', branch_id: branch, status: 'cancelled', date_from: daysAgo(200), sort: 'reference', order: 'DESC', page: 2 },
      { q: 'Bench client 2417' },
      { q: 'no such client' },
      { client_id: heavyClient, status: 'ready', page: 2 },
      { branch_id: -1, sort: 'status', page: 40 },
    ];
    for (const filters of cases) await expectSameAsReference(filters, token);
  });

  it('for a member with hundreds of orders and for a reseller, with and without filters', async () => {
    const member = await t.makeUser({ role: 'stockist', clientId: heavyClient });
    const memberToken = await t.tokenFor(member);
    for (const filters of [{ page: 3 }, { status: 'delivered', order: 'DESC' as const }, { q: 'ORD-0', sort: 'total' as const }, { date_from: daysAgo(300), page: 2 }]) {
      await expectSameAsReference(filters, memberToken, `o.client_id = ${heavyClient}`);
    }
    const resellerToken = await t.tokenFor('reseller');
    const linked = `exists (select 1 from rep_clients r where r.rep_user_id = ${resellerId} and r.client_id = o.client_id)`;
    for (const filters of [{}, { status: 'new' }, { q: 'Bench client 1', page: 2 }, { branch_id: branch, sort: 'client_name' as const }]) {
      await expectSameAsReference(filters, resellerToken, linked);
    }
  });

  it('for a reseller whose clients go by id, one with more clients than that, and one with none', async () => {
    // The demo reseller's book is small: its clients' ids go to the query. Past FEW_CLIENTS they
    // are tested per order instead; with none, nothing is listed.
    const [few, many, none] = await Promise.all([0, 1, 2].map(() => t.makeUser({ role: 'reseller' })));
    await t.db.execute(sql`insert into rep_clients (rep_user_id, client_id) select ${few.id}, id from clients where name like 'Bench client 1%' and id % 3 = 0`);
    await t.db.execute(sql`insert into rep_clients (rep_user_id, client_id) select ${many.id}, id from clients`);
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from rep_clients where rep_user_id = ${many.id}`));
    expect(n).toBeGreaterThan(FEW_CLIENTS);
    for (const rep of [few, many, none]) {
      const token = await t.tokenFor(rep);
      const linkedTo = `exists (select 1 from rep_clients r where r.rep_user_id = ${rep.id} and r.client_id = o.client_id)`;
      for (const filters of [{ order: 'DESC' as const }, { status: 'delivered', page: 3 }, { q: 'Bench client 12', sort: 'total' as const }, { date_from: daysAgo(200), sort: 'client_name' as const, page: 2 }]) {
        await expectSameAsReference(filters, token, linkedTo);
      }
    }
    expect((await listed({}, await t.tokenFor(none))).total).toBe(0);
  });

  it('caps a search’s count past 10,000 orders, and counts every one when asked', async () => {
    const token = await t.tokenFor('admin');
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from orders o join clients c on c.id = o.client_id where c.name ilike '%Bench client%'`));
    expect(n).toBeGreaterThan(COUNT_CAP);
    const capped = await listed({ q: 'Bench client' }, token);
    expect(capped).toMatchObject({ total: COUNT_CAP, total_capped: true });
    const exact = await listed({ q: 'Bench client', exact_total: true }, token);
    expect(exact).toMatchObject({ total: n, total_capped: false });
    expect(exact.data).toEqual(capped.data);
    // Under the cap a search is counted exactly, and a list without a search is never capped.
    expect(await listed({ q: 'Bench client 12' }, token)).toMatchObject({ total_capped: false });
    expect(await listed({}, token)).toMatchObject({ total_capped: false });
  });
});
