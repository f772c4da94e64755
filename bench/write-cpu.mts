/**
 * CPU per write, the figure that holds on a shared machine (latency does not: it is the other
 * helpers' load as much as ours). The portal is built in-process as main.ts builds it (its change
 * notices, its session and counter caches) and the writes go through `app.inject` one at a time:
 * WARM_UP of them, then N measured ones. `WRITE` picks the write:
 *
 * - `create` (the default): a bench member with a credit limit orders 20 lines;
 * - `confirm`: an admin confirms such an order (`orders/updatestatus`), each line reserving stock;
 * - `deliver`: an admin sends such a confirmed order whole (`deliveries/create`): the delivery,
 *   its invoice, the order on to dispatched.
 *
 * Printed: this process's CPU per write (`process.cpuUsage`, user + system) for the requests, then
 * for the job worker's work they left (drained after the writes), and the PostgreSQL backends' CPU
 * per write (their /proc ticks, 10 ms each, so only a total over many writes means anything).
 *
 * `DATABASE_URL=postgres://…/portal_x npx tsx bench/write-cpu.mts` (without DATABASE_URL: an
 * embedded database in memory, whose CPU is this process's). The first run on an empty database
 * seeds it with a small dataset (BENCH_ORDERS, default 10,000) and the bench's members; later runs
 * reuse it. `RUNS=3` repeats the measure in one process; `node --cpu-prof --import tsx
 * bench/write-cpu.mts` profiles it.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { DEMO_PASSWORD, seedDemoData } from '../server/db/seed/demo';
import { ensureReferenceData } from '../server/db/seed/reference';
import { outboxMailer } from '../server/mail/mailer';
import { generateDataset, sizeFromEnv } from './dataset';
import { benchMemberEmail, prepareBenchMembers } from './datasetBench';

const WARM_UP = Number(process.env.WARM_UP ?? 200);
const N = Number(process.env.N ?? 500);
const RUNS = Number(process.env.RUNS ?? 1);
const WRITES = ['create', 'confirm', 'deliver'] as const;
const write = (process.env.WRITE ?? 'create') as (typeof WRITES)[number];
if (!WRITES.includes(write)) throw new Error(`WRITE must be one of ${WRITES.join(', ')}`);

const databaseUrl = process.env.DATABASE_URL ?? null;
const database = await openDatabase({ databaseUrl, dataDir: null });
const db = database.db;
await ensureReferenceData(db);
const [prepared] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users where email = ${benchMemberEmail(0)}`));
if (Number(prepared.n) === 0) {
  await seedDemoData(db);
  process.env.BENCH_ORDERS ??= '10000';
  await generateDataset(db, sizeFromEnv());
  await prepareBenchMembers(db);
}

const app = await buildApp({
  db,
  replica: database.replica,
  mailer: outboxMailer(db, 'portal@example.com'),
  jwtSecret: 'bench-write-cpu-secret-0123456789abcdef0123456789a',
  publicUrl: 'http://portal.bench',
  notices: database.notices,
  // The worker's rounds are drained after the writes, so their CPU is counted apart.
  runJobs: false,
});
await app.ready();

async function headersOf(email: string): Promise<Record<string, string>> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
}
const member = await headersOf(benchMemberEmail(0));
const admin = await headersOf('admin@example.com');
const core = await app.inject({ method: 'GET', url: '/api/auth/core', headers: member });
const clientId = core.json<{ data: { user: { client: { id: number } } } }>().data.user.client.id;
const products = rowsOf<{ id: number }>(await db.execute(sql`select id from products where sku like 'BENCH%' and active order by id limit 20`)).map((p) => Number(p.id));
const body = { client_id: clientId, lines: products.map((id, i) => ({ product_id: id, quantity: 1 + (i % 4) })) };

/** Answers a write's `data`, or throws with what the portal said. */
async function ok<T>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown, status = method === 'POST' ? [200, 201] : [200]): Promise<T> {
  const answer = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  if (!status.includes(answer.statusCode)) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<{ data: T }>().data;
}

const create = async () => (await ok<{ id: number }>('POST', '/api/orders/create', member, body)).id;
const confirm = (id: number) => ok('POST', '/api/orders/updatestatus', admin, { id, status: 'confirmed' });
/** Every line of a confirmed order, as much as it holds reserved: the dispatch desk's whole parcel. */
async function deliver(id: number) {
  const lines = rowsOf<{ order_line_id: number; reserved: number }>(await db.execute(sql`select order_line_id, reserved from stock_reservations where order_id = ${id} and reserved > 0`));
  await ok('POST', '/api/deliveries/create', admin, { order_id: id, lines: lines.map((l) => ({ order_line_id: Number(l.order_line_id), quantity: Number(l.reserved) })), courier: 'Bench', waybill: `WB-${id}` });
}

/**
 * What each measured write starts from, made before the measure: nothing for a create; new orders
 * to confirm; confirmed orders, every line reserved, to deliver (stock counted in every branch
 * first, so no line waits for a backorder).
 */
async function prepare(count: number): Promise<number[]> {
  if (write === 'create') return Array.from({ length: count }, () => 0);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await create());
  if (write === 'deliver') for (const id of ids) await confirm(id);
  await app.jobs.drain();
  return ids;
}
const run = (id: number) => (write === 'create' ? create() : write === 'confirm' ? confirm(id) : deliver(id));

if (write === 'deliver') {
  // The members' orders carry no mail (the invoice's PDF would be rendered by the worker).
  await db.execute(sql`update clients set email = '' where id = ${clientId}`);
  const branches = rowsOf<{ id: number }>(await db.execute(sql`select id from branches`)).map((b) => Number(b.id));
  for (const branch of branches) for (const product of products) await ok('POST', '/api/stock/adjust', admin, { branch_id: branch, product_id: product, quantity: 100_000, reason: 'Bench count' });
}

/** The client's orders of earlier runs delivered: each run's credit check reads as many open orders. */
async function settle(): Promise<void> {
  await db.execute(sql`update orders set status = 'delivered' where client_id = ${clientId} and status in ('new', 'confirmed')`);
}

/** CPU ticks (user + system) of this database's PostgreSQL backends, by pid. */
async function backendTicks(): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  if (!databaseUrl) return ticks;
  const pids = rowsOf<{ pid: number }>(await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`));
  for (const { pid } of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks.set(Number(pid), Number(fields[11]) + Number(fields[12]));
    } catch {
      // A backend that ended in between.
    }
  }
  return ticks;
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const perWrite = (ms: number) => (ms / N).toFixed(2);

await settle();
for (const id of await prepare(WARM_UP)) await run(id);
await app.jobs.drain();
for (let round = 1; round <= RUNS; round += 1) {
  await settle();
  const ids = await prepare(N);
  const ticksBefore = await backendTicks();
  const started = process.cpuUsage();
  const wall = performance.now();
  for (const id of ids) await run(id);
  const requests = cpuMs(process.cpuUsage(started));
  const wallMs = performance.now() - wall;
  const jobsStarted = process.cpuUsage();
  await app.jobs.drain();
  const jobs = cpuMs(process.cpuUsage(jobsStarted));
  const ticksAfter = await backendTicks();
  let pgTicks = 0;
  for (const [pid, after] of ticksAfter) pgTicks += after - (ticksBefore.get(pid) ?? after);
  const pg = databaseUrl ? ` · PostgreSQL ${perWrite(pgTicks * 10)} ms (backends, 10 ms ticks)` : '';
  const what = write === 'create' ? `creates of ${body.lines.length} lines` : write === 'confirm' ? `confirmations of ${body.lines.length} lines` : `deliveries of ${body.lines.length} lines`;
  console.log(`run ${round}: ${N} ${what}, node ${perWrite(requests)} ms each for the requests + ${perWrite(jobs)} ms for their jobs${pg} · wall ${perWrite(wallMs)} ms each`);
}
await settle();
await app.close();
await database.close();
