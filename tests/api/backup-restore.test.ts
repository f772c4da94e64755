import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { clients } from '../../server/db/schema';
import { ensureReferenceData } from '../../server/db/seed/reference';
import { stopInstance } from './support/mailing';
import { startMain } from './support/mainProcess';
import { processEnv } from './support/database';
import { programArgs } from './support/programs';

/**
 * Operations of the embedded database: `db:backup` while the portal runs (the portal
 * writes the dump itself, between two statements), `db:restore` refused while it runs and then
 * bringing the backup's state back, and a second process refused on a folder in use (two
 * processes on one PGlite folder would damage it). Embedded database only, in both suites.
 */
const root = mkdtempSync(join(tmpdir(), 'portal-backup-'));
const dataDir = join(root, 'data');
const backupFile = join(root, 'portal.tar.gz');
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running) await stopInstance(child, 'SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const dbCommand = (...args: string[]) =>
  promisify(execFile)(process.execPath, programArgs('database', ...args), { env: { ...processEnv(), DATA_DIR: dataDir } }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: `${error.stdout}${error.stderr}` }),
  );

async function shopNames(): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    return (await database.db.select({ name: clients.name }).from(clients)).map((c) => c.name).sort();
  } finally {
    await database.close();
  }
}

async function addShop(name: string) {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await ensureReferenceData(database.db);
    await database.db.insert(clients).values({ type: 'stockist', name, contactName: 'Owner', email: `${name.replace(/\W/g, '')}@portal.test` });
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  it('backs up while the portal runs, refuses a second process and a restore under it, restores after', { timeout: 240_000 }, async () => {
    expect((await dbCommand('migrate')).code).toBe(0);
    await addShop('Before Backup');

    const server = await startMain({ DATA_DIR: dataDir });
    running.push(server.child);

    const second = await startMain({ DATA_DIR: dataDir }).then(
      (other) => (running.push(other.child), 'started'),
      (error: Error) => error.message,
    );
    expect(second).toMatch(/is in use by process \d+/);

    const backup = await dbCommand('backup', backupFile);
    expect(backup.out).toContain(`Backup written: ${backupFile}`);
    expect(backup.code).toBe(0);
    expect(existsSync(backupFile)).toBe(true);
    expect(server.lines.some((line) => line.includes(`backup written to ${backupFile}`))).toBe(true);

    const underIt = await dbCommand('restore', backupFile);
    expect(underIt.code).toBe(1);
    expect(underIt.out).toMatch(/is running on .*: stop it before restoring/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await addShop('After Backup');
    expect(await shopNames()).toEqual(['After Backup', 'Before Backup']);

    const restore = await dbCommand('restore', backupFile);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/The database it replaced is kept at .*pglite\.before-restore-/);
    expect(await shopNames()).toEqual(['Before Backup']);
    expect(readdirSync(dataDir).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);
  });
});
