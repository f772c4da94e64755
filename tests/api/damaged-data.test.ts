import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { clients } from '../../server/db/schema';
import { ensureReferenceData } from '../../server/db/seed/reference';
import { TEST_JWT_SECRET } from './support/app';
import { processEnv } from './support/database';
import { programArgs } from './support/programs';

/**
 * A damaged embedded data folder stops the start with a message that names the folder
 * and the way back (a backup), and never lets the portal run on a database that lost data — in
 * particular PGlite must not make a fresh database over a folder that lost its PG_VERSION file.
 * Each case starts the real server (server/main.ts) on a damaged copy of one good folder.
 */
/** How long one start may take before it counts as hung. */
const START_LIMIT = 90_000;
const root = mkdtempSync(join(tmpdir(), 'portal-damaged-'));
const good = join(root, 'good');
let clientsFile = '';

// The good folder is migrated from nothing here, as a first start migrates it: as long as a start
// may take (START_LIMIT), twice over. With the hook's default of 60 s, one CI run on loaded cores
// (load average 7) timed out in it, before any test ran.
beforeAll(async () => {
  const database = await openDatabase({ databaseUrl: null, dataDir: good });
  await ensureReferenceData(database.db);
  await database.db.insert(clients).values({ type: 'stockist', name: 'Kept Shop', contactName: 'Owner', email: 'kept@portal.test' });
  const result = await database.db.execute(sql`select pg_relation_filepath('clients') as path`);
  clientsFile = (result as unknown as { rows: { path: string }[] }).rows[0].path;
  await database.close();
}, 2 * START_LIMIT);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A copy of the good folder, damaged by `damage(pgliteFolder)`. */
function damagedCopy(name: string, damage: (folder: string) => void): string {
  const dataDir = join(root, name);
  cpSync(good, dataDir, { recursive: true });
  damage(join(dataDir, 'pglite'));
  return dataDir;
}

function overwrite(file: string, at: number, bytes: number) {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(bytes, 0xa5), 0, bytes, at);
  closeSync(fd);
}

/** Runs the portal's start on DATA_DIR until it exits (or fails the test if it starts listening). */
function start(dataDir: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, programArgs('main'), {
    env: { ...processEnv(), DATA_DIR: dataDir, PORT: '3619', HOST: '127.0.0.1', JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
    // Listening is the answer when it should have refused: stop it there, the test then fails on it.
    if (/Members Portal on/.test(stdout)) child.kill('SIGKILL');
  });
  // Only for a start that hangs. A refusal is awaited as it comes: on CI's loaded cores one took
  // over 40 s (tsx compiling the server, PGlite opening the folder), the fixed limit this was.
  const timer = setTimeout(() => child.kill('SIGKILL'), START_LIMIT - 5_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    }),
  );
}

function expectRefused(run: { code: number | null; stderr: string; stdout: string }, reason: RegExp) {
  expect(run.code).toBe(1);
  expect(run.stdout).not.toMatch(/Members Portal on/);
  expect(run.stderr).toMatch(/Database error: The embedded database in .*pglite is damaged/);
  expect(run.stderr).toMatch(reason);
  // The way back is in the message.
  expect(run.stderr).toMatch(/npm run db:restore/);
}

describe('a damaged embedded data folder', () => {
  it('without PG_VERSION: refused, not replaced by a new empty database; the data is still there once the file is back', { timeout: START_LIMIT + 30_000 }, async () => {
    const dataDir = damagedCopy('no-version', (folder) => renameSync(join(folder, 'PG_VERSION'), join(root, 'PG_VERSION.saved')));
    expectRefused(await start(dataDir), /PG_VERSION is missing/);
    renameSync(join(root, 'PG_VERSION.saved'), join(dataDir, 'pglite', 'PG_VERSION'));
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect((await database.db.select({ name: clients.name }).from(clients)).map((c) => c.name)).toContain('Kept Shop');
    } finally {
      await database.close();
    }
  });

  it('a table file with a damaged page: refused at the start, naming the table', { timeout: START_LIMIT + 30_000 }, async () => {
    const dataDir = damagedCopy('bad-page', (folder) => overwrite(join(folder, clientsFile), 0, 64));
    expectRefused(await start(dataDir), /table public\.clients: invalid page/);
  });

  it('a damaged control file: refused', { timeout: START_LIMIT + 30_000 }, async () => {
    const dataDir = damagedCopy('bad-control', (folder) => overwrite(join(folder, 'global', 'pg_control'), 0, 64));
    expectRefused(await start(dataDir), /PGlite could not open it/);
  });

  it('the good folder starts (the checks do not refuse a sound database)', { timeout: START_LIMIT + 30_000 }, async () => {
    const dataDir = damagedCopy('sound', () => undefined);
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect((await database.db.select({ name: clients.name }).from(clients)).map((c) => c.name)).toEqual(['Kept Shop']);
    } finally {
      await database.close();
    }
    expect(readFileSync(join(dataDir, 'pglite', 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
  });
});
