/**
 * A real SMTP server for the browser tests: the portal under test sends its mail here (SMTP_URL),
 * and every message lands as an `.eml` file in `dir`, which tests/e2e/support/mailbox.ts reads.
 * Plain JavaScript: it runs inside scripts/e2e-server.mjs, before the portal starts.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export async function startSmtpSink(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        // Written under a temporary name and renamed complete, so a reader never sees half a message.
        const name = `${String(Date.now()).padStart(15, '0')}-${String(count).padStart(6, '0')}.eml`;
        writeFileSync(join(dir, `${name}.part`), Buffer.concat(chunks));
        renameSync(join(dir, `${name}.part`), join(dir, name));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { port: server.server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}
