/**
 * The webhook figure: signed webhook deliveries per second through the job worker to a local
 * receiver (another process), on a fresh embedded database (or a scratch database on DATABASE_URL).
 * The events are queued the way the product queues them (emitWebhooks, one statement per 500), the
 * clock runs from the first commit to the last delivery the log marks succeeded.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { and, count, eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { roles, users, webhookDeliveries, webhookEndpoints } from '../server/db/schema';
import { SecretBox } from '../server/auth/secretBox';
import { ensureReferenceData } from '../server/db/seed/reference';
import { outboxMailer } from '../server/mail/mailer';
import { emitWebhooks } from '../server/modules/webhooks/emit';
import { saveEndpoint } from '../server/modules/webhooks/service';
import { scratchDatabase } from './portal';

const BENCH_SECRET = 'bench-secret-0123456789-0123456789-abcdef';

async function startSink(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ['bench/webhookSink.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`webhook sink exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(Number(line)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

export async function webhookFigures(deliveries = 2_000): Promise<Record<string, unknown>> {
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'webhooks') : null;
  const database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: null });
  const sink = await startSink();
  try {
    const { db } = database;
    await ensureReferenceData(db);
    const app = await buildApp({
      db,
      mailer: outboxMailer(db),
      jwtSecret: BENCH_SECRET,
      publicUrl: 'http://bench.test',
      runJobs: true,
      jobPollMs: 50,
      webhookAllowedHosts: ['127.0.0.1'],
    });
    await app.ready();
    try {
      const [adminRole] = await db.select().from(roles).where(eq(roles.name, 'admin'));
      const [user] = await db.insert(users).values({ name: 'Bench', email: 'bench@bench.test', passwordHash: 'unused', roleId: adminRole.id }).returning();
      const admin = { id: user.id, name: user.name, email: user.email, role: 'admin' as const, roleId: adminRole.id, clientId: null, tokenVersion: 0 };
      // The app's own key (AppDeps.jwtSecret), so its worker opens the secret this save seals.
      const endpoint = await saveEndpoint(
        { db, secrets: new SecretBox(BENCH_SECRET), now: () => new Date(), webhookAddresses: { allowedHosts: ['127.0.0.1'] } },
        admin,
        { url: `http://127.0.0.1:${sink.port}/hooks`, events: ['client.created'] },
      );
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      for (let start = 0; start < deliveries; start += 500) {
        const batch = Array.from({ length: Math.min(500, deliveries - start) }, (_, i) => ({ id: start + i + 1, type: 'stockist', name: `Bench shop ${start + i}`, email: `shop${start + i}@bench.test`, branch_id: null }));
        await emitWebhooks(db, 'client.created', batch);
        app.jobs.wake();
      }
      let delivered = 0;
      for (;;) {
        const [row] = await db.select({ n: count() }).from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'succeeded')));
        delivered = row.n;
        if (delivered >= deliveries || performance.now() - started > 300_000) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const [failed] = await db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'failed'));
      await db.delete(webhookEndpoints);
      return {
        deliveries,
        delivered,
        failed: failed.n,
        seconds: Math.round(seconds * 10) / 10,
        deliveries_per_s: Math.round(delivered / seconds),
        // The portal process's CPU per delivery (signing, the POST, the log row; the receiver is another process).
        portal_cpu_ms_per_delivery: Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, delivered)) * 100) / 100,
      };
    } finally {
      await app.close();
    }
  } finally {
    sink.stop();
    await database.close();
    await scratch?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await webhookFigures(Number(process.argv[2] ?? 2_000)), null, 2));
}
