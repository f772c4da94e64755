import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { outboxMailer } from '../../server/mail/mailer';
import { type ScratchDatabase, createScratchDatabase, onPostgres, processEnv } from './support/database';
import { programArgs } from './support/programs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const JWT_SECRET = 'cli-test-secret-of-more-than-32-characters';
const PASSWORD = 'the-first-admin-password';

/**
 * `npm run user:create` as an operator runs it in production: a separate process on a database
 * with no demo data — a temp DATA_DIR (PGlite), or a scratch database when DATABASE_URL is set.
 */
let dataDir: string;
let scratch: ScratchDatabase | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
  if (onPostgres) scratch = await createScratchDatabase();
});

afterAll(async () => {
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function createUserCli(args: string[], password: string | null): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...processEnv(), NODE_ENV: 'production', JWT_SECRET, DATA_DIR: dataDir };
  delete env.PORTAL_PASSWORD;
  if (scratch) env.DATABASE_URL = scratch.url;
  if (password !== null) env.PORTAL_PASSWORD = password;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, programArgs('createUser', ...args), {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Each call is a process of its own that opens the embedded database (the first one makes and
// migrates it): 24–30 s under CI's load on a slow two-core machine, against the 30 s default.
describe('npm run user:create', { timeout: 120_000 }, () => {
  it('refuses a password under 12 characters with exit code 1 and a message', async () => {
    const res = await createUserCli(['--email', 'boss@company.test', '--role', 'admin'], 'too-short');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/password must have at least 12 characters/);
  });

  it('explains its usage without --email (exit 2) and refuses an unknown role', async () => {
    const noEmail = await createUserCli(['--role', 'admin'], PASSWORD);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toMatch(/Usage: npm run user:create/);
    const badRole = await createUserCli(['--email', 'x@company.test', '--role', 'emperor'], PASSWORD);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/--role must be one of/);
  });

  it('creates the admin from PORTAL_PASSWORD', async () => {
    const res = await createUserCli(['--email', 'boss@company.test', '--role', 'admin', '--name', 'The Boss'], PASSWORD);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Created admin user #\d+ <boss@company\.test>/);
  });

  it('refuses the same email again, whatever its case', async () => {
    const res = await createUserCli(['--email', 'BOSS@company.test', '--role', 'admin'], PASSWORD);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/already exists/);
  });

  it('the admin can then sign in, and is the only user (no demo data in production)', async () => {
    const database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir });
    const app = await buildApp({ db: database.db, mailer: outboxMailer(database.db), jwtSecret: JWT_SECRET, publicUrl: 'http://portal.test' });
    try {
      const [{ n }] = await database.db.select({ n: count() }).from(users);
      expect(n).toBe(1);
      // A portal process hashes at OWASP's cost, whatever the test runner's own hashes use.
      const [stored] = await database.db.select({ hash: users.passwordHash }).from(users);
      expect(stored.hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'Boss@Company.test', password: PASSWORD } });
      expect(login.statusCode).toBe(200);
      const core = await app.inject({
        method: 'GET',
        url: '/api/auth/core',
        headers: { authorization: `Bearer ${login.json().access_token}` },
      });
      expect(core.statusCode).toBe(200);
      expect(core.json().data.user).toMatchObject({ name: 'The Boss', email: 'boss@company.test', role: { role_name: 'admin' }, client: null });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
