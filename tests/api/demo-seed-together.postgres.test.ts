import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { branches, users } from '../../server/db/schema';
import { demoAccounts, seedDemoData } from '../../server/db/seed/demo';
import { ensureReferenceData } from '../../server/db/seed/reference';
import { connectionsTo, createScratchDatabase } from './support/database';

/**
 * Instances started together on an empty PostgreSQL database (a deploy of several, or two demos
 * pointed at one server) each do what a start does before it listens: migrate, the reference data,
 * and in demo mode the demo seed. All must come up, with one copy of everything.
 */
it('three instances opening an empty database at once migrate it once and seed the demo once, and all come up', async () => {
  const scratch = await createScratchDatabase();
  const databases: Database[] = [];
  try {
    databases.push(...(await Promise.all([1, 2, 3].map(() => openDatabase({ ...connectionsTo(scratch.name), dataDir: null })))));
    // Production mode stops here: migrations and the reference data.
    await Promise.all(databases.map((database) => ensureReferenceData(database.db)));
    // Demo mode seeds too: one of them does, the others find its data.
    const seeded = await Promise.all(databases.map((database) => seedDemoData(database.db)));
    expect(seeded.filter(Boolean)).toHaveLength(1);

    const { db } = databases[0];
    const emails = (await db.select({ email: users.email }).from(users)).map((row) => row.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const account of demoAccounts) expect(emails).toContain(account.email);
    const [{ defaults }] = await db.select({ defaults: count() }).from(branches).where(eq(branches.defaultBranch, true));
    expect(defaults).toBe(1);
  } finally {
    await Promise.all(databases.map((database) => database.close()));
    await scratch.drop();
  }
});
