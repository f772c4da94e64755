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
if (process.env.E2E_MAIL_DIR) {
  const sink = await startSmtpSink(process.env.E2E_MAIL_DIR);
  process.env.SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
  console.log(`e2e mail: SMTP on port ${sink.port}, messages in ${process.env.E2E_MAIL_DIR}`);
}
await import('./start.mjs');
