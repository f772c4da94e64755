import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { conditionalReads } from '../../server/http/conditionalReads';
import { TRACKED_TABLES, tableVersions } from '../../server/db/changeCounters';
import { rowsOf } from '../../server/db/rows';
import { businessDay } from '../../shared/billing/accounts';
import { useTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';

/**
 * Conditional reads: list and record answers carry a validator made from per-table
 * change counters kept in the writing transaction; a request whose If-None-Match still matches is
 * answered 304 without running its query, and any committed change to what the answer shows,
 * another caller, another page or another business day makes it miss.
 */
let statements: string[] = [];
const t = useTestApp({ logQuery: (query) => statements.push(query) });
const catalogue = catalogueFactory(t);
const admin = () => t.tokenFor('admin');

/** The tables named after FROM or JOIN in SQL (drizzle quotes every table it renders). */
function tablesIn(queries: string[]): Set<string> {
  const found = new Set<string>();
  for (const query of queries) for (const match of query.matchAll(/\b(?:from|join|update|into)\s+"([a-z_0-9]+)"/gi)) found.add(match[1]);
  return found;
}

/** The SQL a request ran from its counters' read on (the session check before it is not the route's). */
async function sqlOf(run: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await run();
  const start = statements.findIndex((query) => query.includes('"change_counters"'));
  return start < 0 ? statements : statements.slice(start);
}

async function order(clientId: number, productId: number) {
  const res = await t.post('/api/orders/create', { client_id: clientId, lines: [{ product_id: productId, quantity: 1 }] }, { token: await admin() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

/** One invoice, one credit note on it and one payment, so every billing record route has a row. */
async function billingRows() {
  const client = (await t.post('/api/clients/save', { type: 'stockist', name: 'Validator shop', email: `validator-${Date.now()}@example.com` }, { token: await admin() })).json().data;
  const product = await catalogue.product({ price: 11_500 });
  const placed = await order(client.id, product.id);
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) {
    const res = await t.post('/api/orders/updatestatus', { id: placed.id, status }, { token: await admin() });
    expect(res.statusCode, res.body).toBe(200);
  }
  const invoice = (await t.get('/api/billing/invoices?client_id=' + client.id, { token: await admin() })).json().data[0];
  expect((await t.post('/api/billing/credit_note', { invoice_id: invoice.id, reason: 'Returned' }, { token: await admin() })).statusCode).toBe(201);
  const paid = await t.post('/api/billing/payment', { client_id: client.id, amount: 1_000, reference: 'EFT 7', paid_at: businessDay(t.clock.now()) }, { token: await admin() });
  expect(paid.statusCode, paid.body).toBe(201);
  return { client, product };
}

describe('change counters', () => {
  it('has a counter row and a trigger for every tracked table, and nothing else counted', async () => {
    const counters = rowsOf<{ table_name: string }>(await t.db.execute(sql`select table_name from change_counters order by 1`));
    expect(counters.map((row) => row.table_name)).toEqual([...TRACKED_TABLES].sort());
    const triggers = rowsOf<{ table_name: string }>(
    await t.db.execute(
      sql`select c.relname as table_name from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid where p.proname = 'portal_note_change' order by 1`,
    ),
    );
    expect(triggers.map((row) => row.table_name)).toEqual([...TRACKED_TABLES].sort());
  });

  it('counts a committed transaction once per table it changed, a rolled-back one not at all, and leaves nothing pending', async () => {
    const [before] = await tableVersions(t.db, ['branches']);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update branches set name = name where id = (select min(id) from branches)`);
      await tx.execute(sql`update branches set name = name where id = (select max(id) from branches)`);
    });
    expect(await tableVersions(t.db, ['branches'])).toEqual([before + 1]);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update branches set name = name`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await tableVersions(t.db, ['branches'])).toEqual([before + 1]);
    const [pending] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from pending_changes`));
    expect(pending.n).toBe(0);
  });
});

describe('If-None-Match', () => {
  it('answers 304 without the list query while nothing changed, and the list again once an order is placed', async () => {
    const token = await admin();
    const first = await t.get('/api/orders/all?page=1&perPage=5', { token });
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-store');

    let again!: Awaited<ReturnType<typeof t.get>>;
    const ran = await sqlOf(async () => (again = await t.get('/api/orders/all?page=1&perPage=5', { token, headers: { 'if-none-match': tag } })));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    // Only the counters were read: not a row of orders.
    expect([...tablesIn(ran)]).toEqual(['change_counters']);

    const client = (await t.get('/api/clients/all?perPage=1', { token })).json().data[0];
    const product = await catalogue.product({ price: 5_000 });
    await order(client.id, product.id);
    const changed = await t.get('/api/orders/all?page=1&perPage=5', { token, headers: { 'if-none-match': tag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.json().total).toBe(first.json().total + 1);
  });

  it('misses for another caller, another page and the next business day', async () => {
    const token = await admin();
    const url = '/api/billing/debtors?page=1&perPage=5';
    const tag = (await t.get(url, { token })).headers.etag as string;
    expect((await t.get(url, { token, headers: { 'if-none-match': tag } })).statusCode).toBe(304);

    const rep = await t.tokenFor('reseller');
    expect((await t.get(url, { token: rep, headers: { 'if-none-match': tag } })).statusCode).toBe(200);
    expect((await t.get('/api/billing/debtors?page=2&perPage=5', { token, headers: { 'if-none-match': tag } })).statusCode).toBe(200);

    t.clock.advance(24 * 3600_000);
    const tomorrow = await t.get(url, { token: await admin(), headers: { 'if-none-match': tag } });
    expect(tomorrow.statusCode).toBe(200);
    expect(tomorrow.headers.etag).not.toBe(tag);
  });

  it('gives no validator to an error, and a refused caller no 304', async () => {
    const token = await admin();
    const id = (await t.get('/api/orders/all?perPage=1', { token })).json().data[0].id;
    const found = await t.get(`/api/orders/order?id=${id}`, { token });
    expect(found.statusCode).toBe(200);
    expect(found.headers.etag).toMatch(/^W\/".+"$/);
    // A record that is not there gets no validator, so nothing can later confirm it with a 304.
    const missing = await t.get('/api/orders/order?id=999999', { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const tag = (await t.get('/api/clients/all', { token })).headers.etag as string;
    expect(tag).toMatch(/^W\//);
    const member = await t.tokenFor('stockist');
    expect((await t.get('/api/clients/all', { token: member, headers: { 'if-none-match': tag } })).statusCode).toBe(403);
    expect((await t.get('/api/clients/all', { headers: { 'if-none-match': tag } })).statusCode).toBe(401);
  });
});

describe('validators from the counters this instance heard', () => {
  const url = '/api/orders/all?page=1&perPage=5';
  const readsCounters = (ran: string[]) => ran.some((query) => query.includes('"change_counters"'));

  it('gives a full answer its validator without reading the counters, and hears a commit made elsewhere', async () => {
    const token = await admin();
    let first!: Awaited<ReturnType<typeof t.get>>;
    expect(readsCounters(await sqlOf(async () => (first = await t.get(url, { token }))))).toBe(false);
    expect(first.statusCode).toBe(200);
    // A commit that is not this app's, as another instance's would be: its notice raises what this one heard.
    await t.db.execute(sql`update orders set status = status where id = (select min(id) from orders)`);
    await t.heard();
    let second!: Awaited<ReturnType<typeof t.get>>;
    expect(readsCounters(await sqlOf(async () => (second = await t.get(url, { token }))))).toBe(false);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    // What it heard is what the database has: the new validator is confirmed there.
    const again = await t.get(url, { token, headers: { 'if-none-match': second.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('confirms a match against the database before a 304, so a notice not yet heard never keeps old data', async () => {
    const token = await admin();
    const first = await t.get(url, { token });
    const tag = first.headers.etag as string;
    // The counter moves without a notice (one still on its way): what the instance heard now matches an old validator.
    await t.db.execute(sql`update change_counters set version = version + 1 where table_name = 'orders'`);
    const unheard = await t.get(url, { token });
    expect(unheard.headers.etag).toBe(tag);
    const checked = await t.get(url, { token, headers: { 'if-none-match': tag } });
    expect(checked.statusCode).toBe(200);
    expect(checked.headers.etag).not.toBe(tag);
    expect(await t.get(url, { token, headers: { 'if-none-match': checked.headers.etag as string } }).then((res) => res.statusCode)).toBe(304);
  });
});

describe('what each conditional route depends on', () => {
  /** Where a record route finds an id to ask for. */
  const recordSources: Record<string, string> = {
    '/api/orders/order': '/api/orders/all',
    '/api/clients/client': '/api/clients/all',
    '/api/products/product': '/api/products/all',
    '/api/products/property': '/api/products/properties',
    '/api/products/group': '/api/products/groups',
    '/api/billing/invoice': '/api/billing/invoices',
    '/api/billing/note': '/api/billing/notes',
    '/api/billing/payment': '/api/billing/payments',
  };

  /** What a route cannot be asked without (its required query), by route. */
  const required = (): Record<string, string> => ({ '/api/commissions/statement': `rep_id=${t.demo.reseller.id}&month=${businessDay(t.clock.now()).slice(0, 7)}` });

  /** Filters that join more tables than the plain list does. */
  const variants: Record<string, string[]> = {
    '/api/orders/all': ['q=Validator', 'status=dispatched&branch_id=1', 'date_from=2020-01-01'],
    '/api/clients/all': ['q=Validator', 'rep=1&membership_status=active'],
    '/api/products/all': ['q=a'],
    '/api/billing/invoices': ['q=Validator', 'status=open', 'register=true&product_id=1&product_group_id=1&client_type=stockist&rep_id=1&branch_id=1'],
    '/api/billing/debtors': ['q=Validator', 'rep_user_id=1'],
    '/api/admin/companyusers': ['q=a'],
  };

  it('declares every counted table its SQL reads, for each role that may call it', async () => {
    await billingRows();
    const routes = t.app.apiRoutes.filter((route) => route.changesWith && route.method === 'GET');
    expect(routes.length).toBeGreaterThan(15);
    const undeclared = new Set<string>();
    let checked = 0;
    for (const role of ['admin', 'reseller', 'stockist'] as const) {
      const token = await t.tokenFor(role);
      for (const route of routes) {
        const urls: string[] = [];
        const source = recordSources[route.url];
        if (source) {
          const id = (await t.get(`${source}?perPage=1`, { token })).json().data?.[0]?.id;
          if (id === undefined) {
            expect(role, `${source} has a row for ${route.url}`).not.toBe('admin');
            continue;
          }
          urls.push(`${route.url}?id=${id}`);
        } else {
          const needed = (route.schema?.querystring as { required?: string[] } | undefined)?.required ?? [];
          expect(needed, `${route.url} needs a source for its id`).not.toContain('id');
          const base = required()[route.url];
          urls.push(base ? `${route.url}?${base}` : route.url, ...(variants[route.url] ?? []).map((query) => `${route.url}?${query}`));
        }
        for (const url of urls) {
          let res!: Awaited<ReturnType<typeof t.get>>;
          const ran = await sqlOf(async () => (res = await t.get(url, { token })));
          if (res.statusCode === 403) continue;
          expect(res.statusCode, `${role} ${url}: ${res.body}`).toBe(200);
          // The declaration took effect: the answer carries its validator.
          expect(res.headers.etag, `${role} ${url} answers with an ETag`).toMatch(/^W\//);
          checked++;
          const declared = new Set<string>(route.changesWith!.tables);
          for (const table of tablesIn(ran)) {
            if ((TRACKED_TABLES as readonly string[]).includes(table) && !declared.has(table)) undeclared.add(`${route.url} reads ${table}`);
          }
        }
      }
    }
    expect([...undeclared]).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});

describe('where a validator may be declared', () => {
  it('refuses changesWith on a route that writes, when the route is registered', async () => {
    const app = Fastify();
    conditionalReads(app, { reads: () => t.db, now: () => new Date() });
    expect(() => app.post('/api/example', { config: { changesWith: { tables: ['orders'] } } }, async () => ({}))).toThrow(/POST \/api\/example declares changesWith/);
    // The same declaration on a GET route is taken.
    expect(() => app.get('/api/example', { config: { changesWith: { tables: ['orders'] } } }, async () => ({}))).not.toThrow();
    await app.close();
  });
});
