import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients, jobs, mailingSends } from '../../server/db/schema';
import { rowsOf } from '../../server/db/rows';
import { useTestApp } from './support/app';
import { about, openStream, type OpenStream, type ReceivedEvent } from './support/liveEvents';

/**
 * The live screens beyond orders (migration 0018): the leads behind the member-requests
 * badge and the follow-ups, members and products being edited, a mailing send's progress and the
 * mail queue. Each stream hears only what its user may read; a big send does not flood the channel.
 * Every "did not hear" is checked after an event the stream did hear that was made later: events go
 * out in commit order.
 */
const t = useTestApp();
let base = '';

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

async function streamOf(role: 'admin' | 'production' | 'reseller' | 'stockist' | 'individual'): Promise<OpenStream> {
  const stream = await openStream(base, { token: await t.tokenFor(role) });
  expect(stream.status).toBe(200);
  await stream.next('ready', (event) => event.event === 'ready');
  return stream;
}

const ofResource = (resource: string) => (event: ReceivedEvent) => (event.data as { topic?: string }).topic === `resource/${resource}`;

/** A change every stream of `role` hears after the ones before it: the stockist's own client updated. */
async function marker(): Promise<number> {
  const id = t.demo.stockist.clientId!;
  await t.db.update(clients).set({ phone: `+27 11 ${Math.floor(Math.random() * 1e7)}` }).where(eq(clients.id, id));
  return id;
}

/** A change production's streams hear: a product updated. */
async function productMarker(): Promise<number> {
  const [product] = rowsOf<{ id: number }>(await t.db.execute(sql`update products set updated_at = now() where id = (select min(id) from products) returning id`));
  return product!.id;
}

describe('live events of the leads, members and products', () => {
  it('a lead made or moved reaches the admin (badge and follow-ups), and no other role', async () => {
    const [admin, production, stockist] = await Promise.all([streamOf('admin'), streamOf('production'), streamOf('stockist')]);
    const token = await t.tokenFor('admin');
    const made = await t.post('/api/crm/savelead', { name: 'A prospect', email: `live-${Date.now()}@example.com` }, { token });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    await admin.next('the lead created', about('created', 'sales-leads', id));
    expect((await t.post('/api/crm/movelead', { id, status: 'contacted' }, { token })).statusCode).toBe(200);
    await admin.next('the lead moved', about('updated', 'sales-leads', id));

    const own = await marker();
    await stockist.next('its own client updated', about('updated', 'members', own));
    await admin.next('the client updated', about('updated', 'members', own));
    expect(stockist.events.filter(ofResource('sales-leads'))).toEqual([]);
    // Production reads neither leads nor members: it hears products (the catalogue) and orders only.
    const product = await productMarker();
    await production.next('the product updated', about('updated', 'products', product));
    expect(production.events.filter(ofResource('sales-leads'))).toEqual([]);
    expect(production.events.filter(ofResource('members'))).toEqual([]);
    expect(stockist.events.filter(ofResource('products'))).toEqual([]);
    for (const stream of [admin, production, stockist]) stream.close();
  });

  it("a member hears of its own client's changes, never of another's", async () => {
    const individual = await streamOf('individual');
    const other = await marker();
    const own = t.demo.individual.clientId!;
    await t.db.update(clients).set({ phone: '+27 21 555 0101' }).where(eq(clients.id, own));
    await individual.next('its own client updated', about('updated', 'members', own));
    expect(individual.events.filter(about('updated', 'members', other))).toEqual([]);
    individual.close();
  });
});

describe('live events of the mailing and the mail queue (admin only, not flooding)', () => {
  it("a mail queued reaches the admin's mail queue as one event per statement, with its ids", async () => {
    const [admin, production] = await Promise.all([streamOf('admin'), streamOf('production')]);
    const queued = await t.db
      .insert(jobs)
      .values([1, 2, 3].map((n) => ({ kind: 'mail', payload: { to: `queue${n}@example.com`, subject: 'Live' }, runAt: new Date(Date.now() + 3_600_000) })))
      .returning({ id: jobs.id });
    const ids = queued.map((row) => row.id);
    const created = await admin.next('the mails queued', about('created', 'mail-queue', ids[0]!));
    expect((created.data as { payload: { ids: number[] } }).payload.ids).toEqual(ids);
    // Jobs of other kinds are not mail: no event.
    await t.db.insert(jobs).values({ kind: 'not-mail', payload: {}, runAt: new Date(Date.now() + 3_600_000) });
    await t.db.update(jobs).set({ status: 'cancelled' }).where(eq(jobs.id, ids[1]!));
    await admin.next('a mail cancelled', about('updated', 'mail-queue', ids[1]!));
    expect(admin.events.filter(ofResource('mail-queue'))).toHaveLength(2);
    const product = await productMarker();
    await production.next('a later change it hears', about('updated', 'products', product));
    expect(production.events.filter(ofResource('mail-queue'))).toEqual([]);
    admin.close();
    production.close();
  });

  it("a send's progress is announced once per whole percent and at each status change, not per delivery", async () => {
    const admin = await streamOf('admin');
    const [send] = await t.db
      .insert(mailingSends)
      .values({ listName: 'Live list', templateName: 'Live template', subject: 'Hello', body: 'Hello', total: 1000, status: 'running' })
      .returning({ id: mailingSends.id });
    await admin.next('the send created', about('created', 'mailing-sends', send!.id));
    // Nine deliveries: under one percent of 1,000, nothing announced; the tenth crosses 1 %.
    for (let n = 0; n < 9; n++) await t.db.update(mailingSends).set({ sent: sql`${mailingSends.sent} + 1` }).where(eq(mailingSends.id, send!.id));
    await t.db.update(mailingSends).set({ failed: 1 }).where(eq(mailingSends.id, send!.id));
    await admin.next('1 % done', about('updated', 'mailing-sends', send!.id));
    await t.db.update(mailingSends).set({ sent: 999, failed: 1, status: 'done' }).where(eq(mailingSends.id, send!.id));
    const updates = () => admin.events.filter(about('updated', 'mailing-sends', send!.id)).length;
    await admin.next('the send finished', () => updates() >= 2);
    const own = await marker();
    await admin.next('a later change', about('updated', 'members', own));
    expect(updates()).toBe(2);
    admin.close();
  });
});
