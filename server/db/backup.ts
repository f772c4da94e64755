import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Database, openDatabase } from './client';
import { folderOwner } from './folderLock';

/**
 * Backup and restore of the embedded database (npm run db:backup / db:restore). A running portal
 * owns its folder, so the backup asks it (a request file and SIGUSR2) to write the dump itself,
 * between two statements; with no portal running the command opens the folder and dumps it.
 */
const requestFileOf = (dataDir: string) => join(dataDir, 'backup-request.json');

interface BackupRequest {
  file: string;
  done?: boolean;
  error?: string;
}

/** In the portal (main.ts): writes the dump a db:backup command asked for. */
export function answerBackupRequests(dataDir: string, database: Database, log: (message: string) => void): void {
  if (!database.dump) return;
  process.on('SIGUSR2', () => {
    const requestFile = requestFileOf(dataDir);
    let request: BackupRequest;
    try {
      request = JSON.parse(readFileSync(requestFile, 'utf8')) as BackupRequest;
    } catch {
      return;
    }
    database.dump!(request.file).then(
      () => {
        writeFileSync(requestFile, JSON.stringify({ ...request, done: true }));
        log(`backup written to ${request.file}`);
      },
      (error: Error) => writeFileSync(requestFile, JSON.stringify({ ...request, error: error.message })),
    );
  });
}

/** db:backup: answers the file written. */
export async function backupEmbedded(dataDir: string, file: string | undefined, timeoutMs = 300_000): Promise<string> {
  const target = resolve(file ?? join(dataDir, 'backups', `portal-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`));
  const owner = folderOwner(dataDir);
  if (owner === null) {
    if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) throw new Error(`there is no embedded database in ${dataDir}`);
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await database.dump!(target);
    } finally {
      await database.close();
    }
    return target;
  }
  const requestFile = requestFileOf(dataDir);
  writeFileSync(requestFile, JSON.stringify({ file: target } satisfies BackupRequest));
  try {
    process.kill(owner, 'SIGUSR2');
    const until = Date.now() + timeoutMs;
    for (;;) {
      const state = JSON.parse(readFileSync(requestFile, 'utf8')) as BackupRequest;
      if (state.done) return target;
      if (state.error) throw new Error(`the running portal (process ${owner}) could not write the backup: ${state.error}`);
      if (Date.now() > until) throw new Error(`the running portal (process ${owner}) did not write the backup within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    rmSync(requestFile, { force: true });
  }
}

/** db:restore: the folder as the backup has it; the current one is kept beside it. Answers where. */
export async function restoreEmbedded(dataDir: string, file: string): Promise<string | null> {
  const owner = folderOwner(dataDir);
  if (owner !== null) throw new Error(`the portal (process ${owner}) is running on ${dataDir}: stop it before restoring`);
  const archive = readFileSync(resolve(file));
  const folder = join(dataDir, 'pglite');
  let keptAt: string | null = null;
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    keptAt = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(folder, keptAt);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const restored = await PGlite.create(folder, { loadDataDir: new Blob([archive]), extensions: { pg_trgm } });
  await restored.close();
  // Opened as the portal opens it: every table read once, the migrations brought up to date.
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await database.close();
  return keptAt;
}
