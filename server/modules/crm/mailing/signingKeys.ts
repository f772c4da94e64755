import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailingKeys } from '../../../db/schema';

const keys = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/**
 * One of the installation's signing keys for links in campaign mail (`unsubscribe`, `tracking`):
 * made once, kept in the database so every instance signs alike and a link in an old mail keeps
 * working after restarts (and JWT secret rotations). Read once per process and key, then from memory.
 */
export function mailingKey(db: Db, name: string): Promise<Buffer> {
  let byName = keys.get(db);
  if (!byName) keys.set(db, (byName = new Map()));
  let key = byName.get(name);
  if (!key) {
    key = (async () => {
      await db.insert(mailingKeys).values({ name, secret: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      const [row] = await db.select().from(mailingKeys).where(eq(mailingKeys.name, name));
      return Buffer.from(row.secret, 'base64url');
    })();
    byName.set(name, key);
    key.catch(() => byName.delete(name));
  }
  return key;
}
