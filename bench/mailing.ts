/**
 * The mailing figure (goal: ≥ 200 mails/s): a send to 10,000 recipients through the job worker to a local
 * SMTP server (another process), with no rate limit, on a fresh embedded database (or a scratch
 * database on DATABASE_URL). Answers mails per second from the send's start to its last delivery.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { clients, emailTemplates, mailingListClients, mailingLists, mailingSends, roles, users } from '../server/db/schema';
import { ensureReferenceData } from '../server/db/seed/reference';
import { smtpMailer } from '../server/mail/mailer';
import { startSend } from '../server/modules/crm/mailing/sends';
import { scratchDatabase } from './portal';

export const MAILING_GOAL_PER_S = 200;

/** An SMTP sink in a process of its own, so receiving does not share the portal's event loop. */
async function startSink(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ['bench/smtpSink.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`SMTP sink exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(Number(line)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

export async function mailingFigures(recipients = 10_000): Promise<Record<string, unknown>> {
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'mailing') : null;
  const database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: null });
  const sink = await startSink();
  const mailer = smtpMailer(`smtp://127.0.0.1:${sink.port}`, 'Members Portal <no-reply@bench.test>');
  try {
    const { db } = database;
    await ensureReferenceData(db);
    const [adminRole] = await db.select().from(roles).where(eq(roles.name, 'admin'));
    const [admin] = await db.insert(users).values({ name: 'Bench', email: 'bench@bench.test', passwordHash: 'unused', roleId: adminRole.id }).returning();
    const [list] = await db.insert(mailingLists).values({ name: 'Bench list' }).returning();
    for (let start = 0; start < recipients; start += 1000) {
      const rows = await db
        .insert(clients)
        .values(Array.from({ length: Math.min(1000, recipients - start) }, (_, i) => ({ type: 'stockist' as const, name: `Bench shop ${start + i}`, contactName: `Owner ${start + i}`, email: `shop${start + i}@bench.test` })))
        .returning({ id: clients.id });
      await db.insert(mailingListClients).values(rows.map((r) => ({ listId: list.id, clientId: r.id })));
    }
    const [template] = await db
      .insert(emailTemplates)
      .values({ name: 'Bench', subject: 'News for {{client_name}}', body: '<h1>Hello {{contact_name}}</h1><p>{{client_name}}: our news, and <a href="{{portal_link}}">your portal</a>.</p>' })
      .returning();
    const app = await buildApp({ db, mailer, jwtSecret: 'bench-secret-0123456789-0123456789-abcdef', publicUrl: 'http://bench.test', runJobs: true, jobPollMs: 50, mailRatePerSecond: 0 });
    await app.ready();
    try {
      const user = { id: admin.id, name: admin.name, email: admin.email, role: 'admin' as const, roleId: adminRole.id, clientId: null, tokenVersion: 0 };
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const { send } = await startSend(db, { now: () => new Date(), jobs: app.jobs }, user, { id: list.id, template_id: template.id }, undefined);
      for (;;) {
        const [row] = await db.select({ status: mailingSends.status, sent: mailingSends.sent }).from(mailingSends).where(eq(mailingSends.id, send.id));
        if (row.status !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const [done] = await db.select().from(mailingSends).where(eq(mailingSends.id, send.id));
      return {
        recipients,
        sent: done.sent,
        failed: done.failed,
        seconds: Math.round(seconds * 10) / 10,
        mails_per_s: Math.round(done.sent / seconds),
        // The portal process's CPU per message (the SMTP server is another process): the ceiling on a quiet machine.
        portal_cpu_ms_per_mail: Math.round(((cpu.user + cpu.system) / 1000 / done.sent) * 100) / 100,
        goal_mails_per_s: MAILING_GOAL_PER_S,
      };
    } finally {
      await app.close();
    }
  } finally {
    await mailer.close();
    sink.stop();
    await database.close();
    await scratch?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await mailingFigures(Number(process.argv[2] ?? 10_000)), null, 2));
}
