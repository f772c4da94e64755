/**
 * The API suite's global setup: one database migrated and seeded (reference data and the demo
 * accounts) before any test file runs, which each file's app then starts from as a copy, instead of
 * migrating and seeding its own (hashing six demo passwords with scrypt): about 4 s a file, on each
 * of CI's three API runs. On the embedded database the copy is PGlite's files (`dumpDataDir`) in a
 * temporary file; on PostgreSQL it is a template database on the server (CREATE DATABASE …
 * TEMPLATE), dropped at the end. What each file then does to its copy is its own, as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Database, type DatabaseOptions, openDatabase } from '../../../server/db/client';
import { seedDemoData } from '../../../server/db/seed/demo';
import { ensureReferenceData } from '../../../server/db/seed/reference';
import { createScratchDatabase, onPostgres } from './database';

export type SeededCopy = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    seededCopy: SeededCopy;
  }
}

/** Opens a database (migrating it), seeds it, lets `keep` take its copy, and closes it. */
async function seed(options: DatabaseOptions, keep: (database: Database) => Promise<void> = async () => {}): Promise<void> {
  const database = await openDatabase(options);
  try {
    await ensureReferenceData(database.db);
    await seedDemoData(database.db);
    await keep(database);
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (onPostgres) {
    // On the server itself (not a pooler): a template may have no other session while it is copied.
    const template = await createScratchDatabase();
    await seed({ databaseUrl: template.url, dataDir: null }).catch(async (error: unknown) => {
      await template.drop();
      throw error;
    });
    project.provide('seededCopy', { kind: 'postgres', name: template.name });
    return () => template.drop();
  }
  const folder = mkdtempSync(join(tmpdir(), 'portal-api-seeded-'));
  const removeFolder = async () => rmSync(folder, { recursive: true, force: true });
  const file = join(folder, 'pglite.tar.gz');
  await seed({ databaseUrl: null, dataDir: null }, (database) => database.dump!(file)).catch(async (error: unknown) => {
    await removeFolder();
    throw error;
  });
  project.provide('seededCopy', { kind: 'pglite', file });
  return removeFolder;
}
