import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { type TestApp, createTestApp } from './support/app';

/**
 * A signed-in request checks its token against the user kept in memory, not the database;
 * the memory forgets a user as soon as the database announces a change to its row (the trigger of
 * migration 0008 and LISTEN/NOTIFY). Proven by changing the row with the trigger off (the instance
 * must not notice: it answers from memory) and then with it on (it must notice at once).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const nameSeen = async (token: string) => {
  const res = await t.get('/api/auth/core', { token });
  expect(res.statusCode).toBe(200);
  return res.json().data.user.name as string;
};

/** Renames the user straight in the database, with or without the change notice. */
async function rename(id: number, name: string, { announce }: { announce: boolean }) {
  await t.db.transaction(async (tx) => {
    if (!announce) await tx.execute(sql`alter table users disable trigger users_changed`);
    await tx.update(users).set({ name }).where(eq(users.id, id));
    if (!announce) await tx.execute(sql`alter table users enable trigger users_changed`);
  });
}

describe('the session users in memory', () => {
  it('answer a signed-in request without reading the user again', async () => {
    const user = await t.makeUser({ role: 'stockist', name: 'Remembered Name' });
    const token = await t.tokenFor(user);
    expect(await nameSeen(token)).toBe('Remembered Name');
    await rename(user.id, 'Unannounced Name', { announce: false });
    expect(await nameSeen(token)).toBe('Remembered Name');
  });

  it('forget a user the moment the database announces a change to it', async () => {
    const user = await t.makeUser({ role: 'stockist', name: 'Before' });
    const token = await t.tokenFor(user);
    expect(await nameSeen(token)).toBe('Before');
    await rename(user.id, 'After', { announce: true });
    // The app's own writes wait for their notices; this one came from outside the app.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await nameSeen(token)).toBe('After');
  });

  it('a logout through the API ends the session at once, on the same instance', async () => {
    const user = await t.makeUser({ role: 'admin' });
    const token = await t.tokenFor(user);
    expect((await t.get('/api/auth/core', { token })).statusCode).toBe(200);
    expect((await t.post('/api/auth/logout', undefined, { token })).statusCode).toBe(200);
    expect((await t.get('/api/auth/core', { token })).statusCode).toBe(401);
  });
});
