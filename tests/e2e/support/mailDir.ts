import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the browser tests' SMTP sink (scripts/e2e-server.mjs) drops each message it receives, one
 * `.eml` file each. Derived from the port so the config, the server and every test worker agree
 * without sharing memory, and so two suites on two ports never read each other's mail.
 */
export function e2eMailDir(port: number | string): string {
  return join(tmpdir(), `portal-e2e-mail-${port}`);
}
