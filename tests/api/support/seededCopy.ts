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
import { openDatabase } from '../../../server/db/client';
import { seedDemoData } from '../../../server/db/seed/demo';
import { ensureReferenceData } from '../../../server/db/seed/reference';
import { createScratchDatabase, onPostgres } from './database';

export type SeededCopy = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    seededCopy: SeededCopy;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (onPostgres) {
    // On the server itself (not a pooler): a template may have no other session while it is copied.
    const template = await createScratchDatabase();
    try {
      const database = await openDatabase({ databaseUrl: template.url, dataDir: null });
      try {
        await ensureReferenceData(database.db);
        await seedDemoData(database.db);
      } finally {
        await database.close();
      }
    } catch (error) {
      await template.drop();
      throw error;
    }
    project.provide('seededCopy', { kind: 'postgres', name: template.name });
    return () => template.drop();
  }
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  const folder = mkdtempSync(join(tmpdir(), 'portal-api-seeded-'));
  try {
    await ensureReferenceData(database.db);
    await seedDemoData(database.db);
    await database.dump!(join(folder, 'pglite.tar.gz'));
  } finally {
    await database.close();
  }
  project.provide('seededCopy', { kind: 'pglite', file: join(folder, 'pglite.tar.gz') });
  return async () => rmSync(folder, { recursive: true, force: true });
}
