import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { PUBLIC_URL, TEST_JWT_SECRET } from './app';
import { createScratchDatabase, onPostgres } from './database';
import { startInstance, stopInstance } from './mailing';

/**
 * The data of a portal that a test kills and starts again in processes of its own: a fresh
 * PGlite folder, or a scratch database on the PostgreSQL server of the run. Opened by the test
 * only while no instance holds it (the embedded database is one process's); everything is
 * stopped and removed after the file.
 */
export async function killableData(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const scratch = onPostgres ? await createScratchDatabase() : null;
  const instances: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of instances) await stopInstance(child, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });
  const env = () => ({ JWT_SECRET: TEST_JWT_SECRET, PUBLIC_URL, ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir, DATABASE_URL: '' }) });
  return {
    open: () => openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: scratch ? null : dataDir }),
    /** A portal on this data in its own process (tests/api/support/portalServer.ts); stopped after the file. `extra`: more of its environment (SMTP_URL). */
    async start(extra: Record<string, string> = {}) {
      const instance = await startInstance({ ...env(), ...extra });
      instances.push(instance.child);
      return instance;
    },
  };
}
