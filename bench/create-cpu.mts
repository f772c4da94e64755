/**
 * CPU per order create, the figure that holds on a shared machine (latency does not: it is the
 * other helpers' load as much as ours). The portal is built in-process as main.ts builds it (its
 * change notices, its session and counter caches), one bench member with a credit limit orders 20
 * lines through `app.inject` one create at a time: WARM_UP creates, then N measured ones. Printed:
 * this process's CPU per create (`process.cpuUsage`, user + system) for the requests, then for the
 * job worker's work they left (the confirmation, then its mail, drained after the creates), and
 * the PostgreSQL backends' CPU per create (their /proc ticks, 10 ms each, so only a total over many
 * creates means anything).
 *
 * `DATABASE_URL=postgres://…/portal_x npx tsx bench/create-cpu.mts` (without DATABASE_URL: an
 * embedded database in memory, whose CPU is this process's). The first run on an empty database
 * seeds it with a small dataset (BENCH_ORDERS, default 10,000) and the bench's members; later runs
 * reuse it. `RUNS=3` repeats the measure in one process; `node --cpu-prof --import tsx
 * bench/create-cpu.mts` profiles it.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { seedDemoData } from '../server/db/seed/demo';
import { ensureReferenceData } from '../server/db/seed/reference';
import { outboxMailer } from '../server/mail/mailer';
import { generateDataset, sizeFromEnv } from './dataset';
import { benchMemberEmail, prepareBenchMembers } from './datasetBench';

const WARM_UP = Number(process.env.WARM_UP ?? 200);
const N = Number(process.env.N ?? 500);
const RUNS = Number(process.env.RUNS ?? 1);

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
  jwtSecret: 'bench-create-cpu-secret-0123456789abcdef0123456789',
  publicUrl: 'http://portal.bench',
  notices: database.notices,
  // The worker's rounds are drained after the creates, so their CPU is counted apart.
  runJobs: false,
});
await app.ready();

const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: benchMemberEmail(0), password: 'demo-pass-1234' } });
const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
const core = await app.inject({ method: 'GET', url: '/api/auth/core', headers });
const clientId = core.json<{ data: { user: { client: { id: number } } } }>().data.user.client.id;
const products = rowsOf<{ id: number }>(await db.execute(sql`select id from products where sku like 'BENCH%' and active order by id limit 20`));
const body = { client_id: clientId, lines: products.map((p, i) => ({ product_id: Number(p.id), quantity: 1 + (i % 4) })) };

async function creates(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const answer = await app.inject({ method: 'POST', url: '/api/orders/create', headers, payload: body });
    if (answer.statusCode !== 201) throw new Error(`create answered ${answer.statusCode}: ${answer.body}`);
  }
}

/** The client's orders of earlier runs delivered: each run's credit check reads as many open orders. */
async function settle(): Promise<void> {
  await db.execute(sql`update orders set status = 'delivered' where client_id = ${clientId} and status = 'new'`);
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
const perCreate = (ms: number) => (ms / N).toFixed(2);

await settle();
await creates(WARM_UP);
await app.jobs.drain();
for (let run = 1; run <= RUNS; run += 1) {
  await settle();
  const ticksBefore = await backendTicks();
  const started = process.cpuUsage();
  const wall = performance.now();
  await creates(N);
  const requests = cpuMs(process.cpuUsage(started));
  const wallMs = performance.now() - wall;
  const jobsStarted = process.cpuUsage();
  await app.jobs.drain();
  const jobs = cpuMs(process.cpuUsage(jobsStarted));
  const ticksAfter = await backendTicks();
  let pgTicks = 0;
  for (const [pid, after] of ticksAfter) pgTicks += after - (ticksBefore.get(pid) ?? after);
  const pg = databaseUrl ? ` · PostgreSQL ${perCreate(pgTicks * 10)} ms (backends, 10 ms ticks)` : '';
  console.log(
    `run ${run}: ${N} creates of ${body.lines.length} lines, node ${perCreate(requests)} ms/create for the requests + ${perCreate(jobs)} ms for their jobs${pg} · wall ${perCreate(wallMs)} ms/create`,
  );
}
await settle();
await app.close();
await database.close();
