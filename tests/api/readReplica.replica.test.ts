import { createServer, type Server, type Socket, connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { outboxMailer } from '../../server/mail/mailer';
import { PUBLIC_URL, TEST_JWT_SECRET, createTestApp, type TestApp } from './support/app';
import { connectionsTo, databaseName, onDatabase } from './support/database';

/**
 * PgBouncer and a streaming replica (`.ci/run` starts both; vitest.config.ts runs
 * `*.replica.test.ts` only with DATABASE_READ_URL). The suite's apps go through the pooler in
 * transaction mode and read lists from the replica. Here the replica's replay is paused, so what
 * a list shows says where it was read: a write reaches the primary (the replica refuses writes),
 * its writer reads it back at once (the primary), another user's list does not show it yet (the
 * replica), and does once the replay goes on. Then the replica stops answering: lists come from
 * the primary.
 */
const replicaUrl = process.env.DATABASE_READ_URL!;
const serverUrl = process.env.DATABASE_DIRECT_URL ?? process.env.DATABASE_URL!;
let t: TestApp;
let name: string;

/** This database commits without waiting for the replica: the primary's default (remote_apply) would wait on the paused replay. */
beforeAll(async () => {
  t = await createTestApp({ postgresSettings: { synchronous_commit: 'local' } });
  name = await databaseName(t.db);
});
afterAll(() => t?.close());

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: onDatabase(url, name) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Waits until the replica has replayed everything the primary has written so far. */
async function caughtUp(): Promise<void> {
  const target = await onServer(serverUrl, async (c) => (await c.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0].lsn);
  await onServer(replicaUrl, async (c) => {
    for (;;) {
      const { rows } = await c.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [target]);
      if (rows[0].done) return;
      // The replica answers as soon as it has it; this waits on that state, not on a guess of time.
      await c.query('select pg_sleep(0.01)');
    }
  });
}

const skus = async (token: string) => ((await t.get('/api/products/all?perPage=1000&q=REPLICA', { token })).json().data as { sku: string }[]).map((p) => p.sku);

describe('a streaming replica behind the pooler', () => {
  it('lists read from the replica; a write and its writer’s next reads stay on the primary', async () => {
    const admin = await t.tokenFor('admin');
    const stockist = await t.tokenFor('stockist');
    const production = await t.tokenFor('production');
    await caughtUp();
    const replica = new pg.Client({ connectionString: onDatabase(replicaUrl, name) });
    await replica.connect();
    await replica.query('select pg_wal_replay_pause()');
    try {
      // A write while the replica replays nothing: it reaches the primary (a standby refuses writes).
      const created = await t.post('/api/products/save', { sku: 'REPLICA-1', name: 'Read after write', price: 1_000 }, { token: admin });
      expect(created.statusCode, created.body).toBe(201);
      expect(await skus(admin)).toEqual(['REPLICA-1']);
      expect(await skus(stockist)).toEqual([]);
      // A member's order: in its own list at once, not yet in production's (read from the replica).
      const order = await t.post('/api/orders/create', { client_id: t.demo.stockist.clientId, lines: [{ product_id: created.json().data.id, quantity: 2 }] }, { token: stockist });
      expect(order.statusCode, order.body).toBe(201);
      const ids = async (token: string) => ((await t.get('/api/orders/all?perPage=100', { token })).json().data as { id: number }[]).map((o) => o.id);
      expect(await ids(stockist)).toContain(order.json().data.id);
      expect(await ids(production)).not.toContain(order.json().data.id);
    } finally {
      await replica.query('select pg_wal_replay_resume()');
      await replica.end();
    }
    await caughtUp();
    expect(await skus(stockist)).toEqual(['REPLICA-1']);
  });

  it('keeps answering from the primary when the replica stops answering', async () => {
    // The replica behind a relay this test can cut, as a stopped replica looks to the portal.
    const target = new URL(replicaUrl);
    const sockets = new Set<Socket>();
    const relay: Server = createServer((inbound) => {
      const outbound = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [inbound, outbound]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayed = new URL(onDatabase(replicaUrl, name));
    relayed.port = String((relay.address() as { port: number }).port);
    let database: Database | null = null;
    try {
      database = await openDatabase({ ...connectionsTo(name), readUrl: relayed.toString(), dataDir: null });
      const app = await buildApp({ db: database.db, replica: database.replica, mailer: outboxMailer(database.db), jwtSecret: TEST_JWT_SECRET, publicUrl: PUBLIC_URL });
      try {
        const stockist = await t.tokenFor('stockist');
        const list = () => app.inject({ method: 'GET', url: '/api/products/all?perPage=1000&q=REPLICA', headers: { authorization: `Bearer ${stockist}` } });
        await caughtUp();
        expect((await list()).statusCode).toBe(200);
        expect(sockets.size).toBeGreaterThan(0);
        // The replica goes away: connections cut, new ones refused.
        await new Promise<void>((resolve) => {
          relay.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
        const created = await t.post('/api/products/save', { sku: 'REPLICA-2', name: 'After the replica stopped', price: 1_000 }, { token: await t.tokenFor('admin') });
        expect(created.statusCode).toBe(201);
        const answer = await list();
        expect(answer.statusCode, answer.body).toBe(200);
        expect((answer.json().data as { sku: string }[]).map((p) => p.sku).sort()).toEqual(['REPLICA-1', 'REPLICA-2']);
      } finally {
        await app.close();
      }
    } finally {
      await database?.close();
      if (relay.listening) relay.close();
    }
  });
});
