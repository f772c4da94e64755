/**
 * The portal as the browser tests see it: `npm start` on a fresh, empty data folder, sending its
 * mail over SMTP to a real SMTP server in this process (tests/e2e/support/smtpSink.mjs), whose
 * messages the tests read from E2E_MAIL_DIR.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpSink } from '../tests/e2e/support/smtpSink.mjs';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
console.log(`e2e data folder: ${process.env.DATA_DIR}`);
// E2E_DATABASE_URL: the same run on PostgreSQL, in a new empty database on that server (the
// embedded database stays the default). .ci/run runs the security specs this way.
if (process.env.E2E_DATABASE_URL) {
  const { default: pg } = await import('pg');
  const server = new URL(process.env.E2E_DATABASE_URL);
  const name = `portal_e2e_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  await client.query(`create database "${name}"`).finally(() => client.end());
  server.pathname = `/${name}`;
  process.env.DATABASE_URL = server.toString();
  console.log(`e2e database: ${name} on PostgreSQL`);
}
if (process.env.E2E_MAIL_DIR) {
  const sink = await startSmtpSink(process.env.E2E_MAIL_DIR);
  process.env.SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
  console.log(`e2e mail: SMTP on port ${sink.port}, messages in ${process.env.E2E_MAIL_DIR}`);
}
await import('./start.mjs');
