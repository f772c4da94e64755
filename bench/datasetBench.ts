/**
 * The portal at scale: the portal on 100,000 orders (bench/dataset.ts), with the list, filter,
 * display and create calls loaded 20 at a time, and every acknowledged create checked afterwards.
 * Runs on PostgreSQL when DATABASE_URL is set (in a scratch database it creates and drops), else
 * on the embedded database.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';

import { createUser } from '../server/modules/auth/createUser';
import { rowsOf } from '../server/db/rows';
import { load } from './load';
import { measured } from './connections';
import { base, onDataset } from './portal';
import { HEAVY_MEMBER_NAME } from './dataset';

export const CONCURRENCY = 20;
/**
 * Creates each run before the measured ones (the reads get bench/wrk.ts' warm-up seconds): the
 * figures are the steady state of a running server — its code optimised by V8, its statements
 * prepared on every pooled connection — not its first second after a start.
 */
export const WARM_UP_REQUESTS = 1000;

export const benchMemberEmail = (index: number) => `bench.member.${index}@example.com`;
const HEAVY_MEMBER_EMAIL = 'bench.heavy.member@example.com';

export async function tokenOf(email: string): Promise<Record<string, string>> {
  const answer = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-pass-1234' }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  return { authorization: `Bearer ${answer.access_token}` };
}

const get = <T>(path: string, headers: Record<string, string>) => fetch(`${base}${path}`, { headers }).then((r) => r.json() as Promise<T>);

/**
 * The bench's members on a generated dataset: the billing seed gives the demo stockist a credit
 * limit (R500,000) that the create load passes after some forty orders (409 from then on), so it is
 * raised out of reach (every create still runs the credit check, its exposure query, and none is
 * refused); and twenty members of their own, each with a credit limit (so each create runs the
 * check), for the create load as twenty members ordering at once.
 */
export async function prepareBenchMembers(db: Db): Promise<void> {
  await db.execute(sql`update clients set credit_limit = 2000000000 where credit_limit is not null`);
  const members = rowsOf<{ id: number }>(await db.execute(sql`select id from clients where name like 'Bench client %' and type = 'stockist' order by id limit ${CONCURRENCY}`));
  await db.execute(sql`update clients set credit_limit = 2000000000 where id in (${sql.join(members.map((m) => sql`${m.id}`), sql`, `)})`);
  const [role] = rowsOf<{ id: number }>(await db.execute(sql`select id from roles where name = 'stockist'`));
  for (const [index, member] of members.entries()) {
    await createUser(db, { email: benchMemberEmail(index), name: `Bench member ${index}`, password: 'demo-pass-1234', roleId: role.id, clientId: member.id });
  }
}

export async function runDatasetBench(): Promise<Record<string, unknown>> {
  const prepare = async (db: Db) => {
    await prepareBenchMembers(db);
    // The member whose client has 10,000 orders (bench/dataset.ts): its own list at that size.
    const [role] = rowsOf<{ id: number }>(await db.execute(sql`select id from roles where name = 'stockist'`));
    const [heavy] = rowsOf<{ id: number }>(await db.execute(sql`select id from clients where name = ${HEAVY_MEMBER_NAME}`));
    await createUser(db, { email: HEAVY_MEMBER_EMAIL, name: 'Bench heavy member', password: 'demo-pass-1234', roleId: role.id, clientId: heavy.id });
    return {};
  };
  return onDataset('dataset', prepare, async (figures) => {
    const admin = await tokenOf('admin@example.com');
    const stockist = await tokenOf('stockist@example.com');
    const core = await get<{ data: { user: { client: { id: number } }; branch_config: { id: number; default_branch: boolean }[] } }>('/api/auth/core', admin);
    const branch = core.data.branch_config.find((b) => b.default_branch)!.id;
    const stockistClient = (await get<{ data: { user: { client: { id: number } } } }>('/api/auth/core', stockist)).data.user.client.id;

    const heavyMember = await tokenOf(HEAVY_MEMBER_EMAIL);
    const reseller = await tokenOf('reseller@example.com');
    const resellerId = (await get<{ data: { user: { id: number } } }>('/api/auth/core', reseller)).data.user.id;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86400_000).toISOString().slice(0, 10);
    const calls = {
      orders_all_25: { url: `${base}/api/orders/all?branch_id=${branch}&page=1&perPage=25&sort=created_at&order=DESC`, headers: admin },
      orders_all_25_filtered: { url: `${base}/api/orders/all?branch_id=${branch}&status=delivered&q=Bench%20client%2012&page=2&perPage=25`, headers: admin },
      clients_all_filtered: { url: `${base}/api/clients/all?q=client%2012&type=stockist&membership_status=active&page=1&perPage=25&sort=name`, headers: admin },
      products_alldisplay_role_prices: { url: `${base}/api/products/alldisplay?page=1&perPage=25&sort=name`, headers: stockist },
      // The searches and pages of ten times the data, each a list that must not grow with the table.
      orders_number_search: { url: `${base}/api/orders/all?q=ORD-0004&page=1&perPage=25&sort=created_at&order=DESC`, headers: admin },
      orders_status_dates_page5: { url: `${base}/api/orders/all?status=confirmed&date_from=${daysAgo(120)}&date_to=${daysAgo(30)}&page=5&perPage=25&sort=created_at&order=DESC`, headers: admin },
      orders_search_status_page40: { url: `${base}/api/orders/all?status=confirmed&q=Bench%20client%2012&page=40&perPage=25&sort=created_at&order=DESC`, headers: admin },
      orders_member_10000_page3: { url: `${base}/api/orders/all?page=3&perPage=25&sort=created_at&order=DESC`, headers: heavyMember },
      clients_of_rep: { url: `${base}/api/clients/all?rep=${resellerId}&page=1&perPage=25&sort=name`, headers: admin },
      // The reseller's own orders list as it opens: its clients' orders newest first, with their count and stats.
      orders_of_rep: { url: `${base}/api/orders/all?page=1&perPage=25&sort=created_at&order=DESC`, headers: reseller },
      // The members list as it opens (every live client by name) and filtered further down: pages of an index walk.
      clients_all_sorted: { url: `${base}/api/clients/all?page=1&perPage=25&sort=name&order=ASC`, headers: admin },
      clients_type_membership_page10: { url: `${base}/api/clients/all?type=individual&membership_status=expired&page=10&perPage=25&sort=name&order=ASC`, headers: admin },
    };
    for (const [name, call] of Object.entries(calls)) figures[name] = await measured({ ...call, connections: CONCURRENCY });
    // The same first page asked again by a caller holding its answer (a refetch on focus, a return
    // to the list): the validator still matches, the answer is a 304 without the list query. The
    // goals stand on the cold path above; this is what the web app's refetches cost.
    const validator = (await fetch(calls.orders_all_25.url, { headers: admin })).headers.get('etag');
    if (!validator) throw new Error('orders/all answered without an ETag');
    const revalidation = { url: calls.orders_all_25.url, headers: { ...admin, 'if-none-match': validator }, expectStatus: 304 };
    figures.orders_all_25_revalidated = await measured({ ...revalidation, connections: CONCURRENCY });

    const products = await get<{ data: { id: number }[] }>('/api/products/all?q=BENCH&active=true&perPage=20&sort=id', stockist);
    const lines = products.data.map((p, i) => ({ product_id: p.id, quantity: 1 + (i % 4) }));
    const acknowledged: number[] = [];
    // Twenty members ordering at once, each its own account: the goal's figure. Then one member's
    // account twenty at a time, the worst case: a client with a credit limit orders one at a time
    // (its row locked from the credit check to the commit), so those creates queue behind each other.
    const members = await Promise.all(Array.from({ length: CONCURRENCY }, async (_, index) => {
      const headers = await tokenOf(benchMemberEmail(index));
      return { headers, client: (await get<{ data: { user: { client: { id: number } } } }>('/api/auth/core', headers)).data.user.client.id };
    }));
    const create = (requests: number, oneMember: boolean) =>
      load({
        url: `${base}/api/orders/create`,
        method: 'POST',
        headers: stockist,
        headersFor: oneMember ? undefined : (index) => members[index % members.length].headers,
        bodyFor: (index) => ({ client_id: oneMember ? stockistClient : members[index % members.length].client, lines }),
        onAnswer: (answer) => acknowledged.push((answer as { data: { id: number } }).data.id),
        concurrency: CONCURRENCY,
        requests,
      });
    await create(WARM_UP_REQUESTS / 5, false);
    figures.orders_create_20_lines = await create(400, false);
    figures.orders_create_20_lines_one_member = await create(400, true);
    let verified = 0;
    for (const id of acknowledged) {
      const order = await get<{ data: { total: number; lines: { line_total: number }[] } }>(`/api/orders/order?id=${id}`, admin);
      if (order.data.lines.length === lines.length && order.data.total === order.data.lines.reduce((sum, l) => sum + l.line_total, 0)) verified += 1;
    }
    figures.orders_create_verified = `${verified}/${acknowledged.length}`;
  });
}
