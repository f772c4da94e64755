/**
 * One portal instance in a process of its own, for the tests that kill or restart a server
 * (tests/api/crm-mailing-fault.test.ts, tests/api/crash-safety.test.ts): the app with its job worker
 * running, on the PGlite folder DATA_DIR or the PostgreSQL DATABASE_URL, mail to SMTP_URL (the outbox
 * table when unset). It prints `{"port": n}` once it listens; a test kills it with SIGKILL and starts
 * another on the same data. The tests run its bundle (programs.ts); by hand: `node --import tsx tests/api/support/portalServer.ts`.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../server/app';
import { openDatabase } from '../../../server/db/client';
import { outboxMailer, smtpMailer } from '../../../server/mail/mailer';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.DATABASE_URL ? null : env('DATA_DIR') });
const from = 'Members Portal <no-reply@portal.test>';
const mailer = process.env.SMTP_URL ? smtpMailer(process.env.SMTP_URL, from) : outboxMailer(database.db, from);
const app = await buildApp({
  db: database.db,
  mailer,
  jwtSecret: env('JWT_SECRET'),
  publicUrl: env('PUBLIC_URL'),
  runJobs: true,
  jobPollMs: 50,
  // A short lease, so the restarted instance takes over the killed one's jobs within seconds.
  jobLeaseMs: Number(process.env.JOB_LEASE_MS ?? 4000),
  mailRatePerSecond: 0,
  notices: database.notices,
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);

process.once('SIGTERM', async () => {
  await app.close();
  await mailer.close();
  await database.close();
  process.exit(0);
});
