import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tableVersions } from '../../server/db/changeCounters';
import { useTestApp } from './support/app';

/**
 * The change counters on PostgreSQL, where transactions really run side by side (PGlite
 * runs one at a time): counting at commit in name order lets writers that touch the same tables in
 * opposite orders all commit.
 */
const t = useTestApp({ seedDemo: true });

describe('change counters under concurrent writers (PostgreSQL)', () => {
  it('lets two transactions that change the same tables in opposite orders both commit', async () => {
    const latch = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };
    const firstWrote = latch();
    const secondWrote = latch();
    const before = await tableVersions(t.db, ['branches', 'roles']);
    // Different rows, so the data never makes them wait on each other; counting each table as its
    // statement ran would have had each hold the counter the other needs (a deadlock, one aborted).
    const first = t.db.transaction(async (tx) => {
      await tx.execute(sql`update roles set name = name where id = (select min(id) from roles)`);
      firstWrote.open();
      await secondWrote.opened;
      await tx.execute(sql`update branches set name = name where id = (select min(id) from branches)`);
    });
    const second = t.db.transaction(async (tx) => {
      await tx.execute(sql`update branches set name = name where id = (select max(id) from branches)`);
      secondWrote.open();
      await firstWrote.opened;
      await tx.execute(sql`update roles set name = name where id = (select max(id) from roles)`);
    });
    await Promise.all([first, second]);
    expect(await tableVersions(t.db, ['branches', 'roles'])).toEqual(before.map((version) => version + 2));
  });
});

