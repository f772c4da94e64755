import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../../../server/db/client';

/**
 * The migrations as they were before the one whose tag ends with `tagSuffix`: a copy of the folder
 * with its journal cut there, to build a database as an older portal left it and then migrate it
 * the rest of the way. `cleanUp` removes the copy.
 */
export function migrationsBefore(tagSuffix: string): { folder: string; cleanUp: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith(tagSuffix));
  if (cut <= 0) throw new Error(`no migration ends with ${tagSuffix}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return { folder, cleanUp: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A test's limit for migrating a new embedded database twice (to the tag, then the rest of the way):
 * PGlite's initdb and some forty migrations take about 9 s alone, and went past the suite's 30 s
 * beside the browser tests on CI's two cores (35 s in one run).
 */
export const TWO_MIGRATIONS_TIMEOUT = 120_000;
