import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { roles } from '../../server/db/schema';
import { ensureReferenceData } from '../../server/db/seed/reference';
import { createUser } from '../../server/modules/auth/createUser';
import { createScratchDatabase, onPostgres } from './support/database';
import { stopInstance, until } from './support/mailing';
import { startMain } from './support/mainProcess';

/**
 * SIGTERM (a deploy, a scale-down) lets the requests in flight finish before the server
 * exits, and the exit is clean. The real start (server/main.ts) on the embedded database or on
 * PostgreSQL; the requests in flight are sign-ins, slow on purpose (scrypt, ~0.5 s each here).
 */
const PASSWORD = 'graceful-pass-1234';
const dataDir = mkdtempSync(join(tmpdir(), 'portal-graceful-'));
const scratch = onPostgres ? await createScratchDatabase() : null;
let child: ChildProcess | null = null;

afterAll(async () => {
  if (child) await stopInstance(child, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

describe('graceful shutdown', () => {
  it('SIGTERM: every request already received is answered, then the process exits with 0', { timeout: 120_000 }, async () => {
    const database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: scratch ? null : dataDir });
    await ensureReferenceData(database.db);
    const [admin] = await database.db.select().from(roles).where(eq(roles.name, 'admin'));
    await createUser(database.db, { email: 'graceful@portal.test', name: 'Graceful', password: PASSWORD, roleId: admin.id });
    await database.close();

    // LOG_LEVEL=debug: the log then says when each request arrives.
    const server = await startMain({ DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', LOG_LEVEL: 'debug' });
    child = server.child;
    const { base } = server;
    const received = () => server.lines.filter((line) => line.includes('"incoming request"')).length;

    const IN_FLIGHT = 6;
    const signIns = Array.from({ length: IN_FLIGHT }, () =>
      fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'graceful@portal.test', password: PASSWORD }) }).then(
        async (r) => ({ status: r.status, token: ((await r.json()) as { access_token?: string }).access_token ?? null }),
        (error: Error) => ({ status: 0, token: error.message }),
      ),
    );
    // Every sign-in has reached the server (its log says so) and is hashing when the signal comes.
    await until(() => received() >= IN_FLIGHT, 10_000, 'the sign-ins to arrive');
    child.kill('SIGTERM');
    const answers = await Promise.all(signIns);
    expect(answers.map((a) => a.status)).toEqual(Array(IN_FLIGHT).fill(200));
    expect(answers.every((a) => typeof a.token === 'string' && a.token.length > 20)).toBe(true);
    expect(await server.exited).toBe(0);
    // Gone: a new request finds nobody listening.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});
