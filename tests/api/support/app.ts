import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { type AppDeps, buildApp } from '../../../server/app';
import type { Db } from '../../../server/db/client';
import { auditLog, mailOutbox, roles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD, demoAccounts } from '../../../server/db/seed/demo';
import { ensureReferenceData } from '../../../server/db/seed/reference';
import { type Mailer, outboxMailer } from '../../../server/mail/mailer';
import type { RoleName } from '../../../server/auth/roles';
import { TokenService } from '../../../server/auth/tokens';
import { createUser } from '../../../server/modules/auth/createUser';
import { type TestClock, createClock } from './clock';
import { type TestDatabase, openTestDatabase } from './database';

export { DEMO_PASSWORD };

/** The signing secret of every test app; tests that forge tokens need to know it (and one that differs). */
export const TEST_JWT_SECRET = 'test-secret-for-the-api-suite-0123456789abcdef';
export const PUBLIC_URL = 'http://portal.test';

export interface DemoUser {
  id: number;
  email: string;
  name: string;
  role: RoleName;
  clientId: number | null;
}

export interface TestAppOptions {
  /** Default: the outbox table of the test database. */
  mailer?: (db: Db) => Mailer;
  /** Folder of a built SPA to serve. */
  distDir?: string | null;
  /** Default true: reference data and the demo accounts (a copy of the suite's seeded database); false: reference data only. */
  seedDemo?: boolean;
  /** Demo mode: `/api/auth/demo-accounts` lists the accounts (default false, as in production). */
  demoAccounts?: boolean;
  /** On PostgreSQL: settings the test database's sessions start with (ALTER DATABASE … SET). */
  postgresSettings?: Record<string, string>;
  /** Sees each statement's SQL (which tables a route reads). */
  logQuery?: (query: string) => void;
  /** WEBHOOK_ALLOWED_HOSTS of the app (a receiver on 127.0.0.1). */
  webhookAllowedHosts?: string[];
  /** BOUNCE_WEBHOOK_SECRET (default none: the bounce webhooks answer 404). */
  bounceWebhookSecret?: string;
  /** COURIER_WEBHOOK_SECRET (default none: the courier webhook answers 404). */
  courierWebhookSecret?: string;
  /** BOUNCE_IMAP_URL's settings (default none: no mailbox poll is scheduled). */
  bounceMailbox?: AppDeps['bounceMailbox'];
  /** DATA_DIR/uploads (default a temporary folder removed at close): for tests that look at the files. */
  uploadsDir?: string;
  /** HOST and PORT the app would listen on (outgoing webhooks refuse them). */
  listenAddress?: { host: string; port: number };
  /** PAYFAST_* settings (default none: the test gateway stands in, as outside production). */
  payfast?: AppDeps['payfast'];
  /** How PayFast's host names resolve for the notification's source check (default: only IP literals resolve). */
  payfastLookup?: AppDeps['payfastLookup'];
}

export interface RequestOptions {
  token?: string | null;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  kind: 'pglite' | 'postgres';
  clock: TestClock;
  /** The seeded demo accounts by role (their password is DEMO_PASSWORD). */
  demo: Record<RoleName, DemoUser>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** Signs in through the API and answers the access token (fails the test on anything but 200); costs a password hash. */
  login(email: string, password?: string): Promise<string>;
  /**
   * A token for a user as the server issues it (same TokenService, secret, clock and the user's
   * current token version) without the ~0.5 s password check: for tests that are not about login.
   */
  tokenFor(user: RoleName | { id: number }): Promise<string>;
  /** A user made the way the product makes them (server/modules/auth/createUser.ts); ~0.3 s of hashing each. */
  makeUser(input: MakeUserInput): Promise<DemoUser & { password: string }>;
  setActive(userId: number, active: boolean): Promise<void>;
  /** Resolves once the app has heard the notices of every commit made so far (as a write's answer waits for its own). */
  heard(): Promise<void>;
  /**
   * Another app on the same database, clock and secret with some dependencies changed (a mailer, a
   * distDir, demo mode): opening a second PGlite costs seconds, building an app milliseconds.
   * Closed with this one.
   */
  variant(overrides: Partial<Pick<AppDeps, 'mailer' | 'distDir' | 'demoAccounts' | 'publicUrl' | 'corsOrigins' | 'eventsHeartbeatMs' | 'eventsSessionCheckMs'>>): Promise<FastifyInstance>;
  /** Runs the job worker until no job is due (queued mail, campaign deliveries): the API tests run no worker of their own. */
  drainJobs(): Promise<void>;
  /** The mail delivered to the outbox table (the queue is drained first), optionally only to one address. */
  outbox(to?: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  audit(action: string, entityId?: number | string): Promise<(typeof auditLog.$inferSelect)[]>;
  close(): Promise<void>;
}

export interface MakeUserInput {
  role: RoleName;
  email?: string;
  name?: string;
  password?: string;
  clientId?: number | null;
  active?: boolean;
}

let userCounter = 0;

function authHeaders(options: RequestOptions | undefined): Record<string, string> {
  return {
    ...(options?.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options?.headers ?? {}),
  };
}

/**
 * A GET of an event stream (`api/events`) through inject: the answer never ends, so it is read up
 * to the server's `ready` event (or to its end, for a refusal) and answered with what came. The
 * generic route tests (the authorization matrix, hostile input) call it like any other route.
 */
async function injectStream(app: FastifyInstance, opts: InjectOptions): Promise<LightMyRequestResponse> {
  const controller = new AbortController();
  const res = await app.inject({ ...opts, payloadAsStream: true, signal: controller.signal });
  let body = '';
  try {
    for await (const chunk of res.stream()) {
      body += String(chunk);
      if (body.includes('event: ready')) break;
    }
  } finally {
    controller.abort();
  }
  return Object.assign(Object.create(res) as LightMyRequestResponse, { body, payload: body, json: () => JSON.parse(body) as unknown });
}

/** A complete app on a fresh database: migrated, seeded, with an injectable clock. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const seeded = options.seedDemo !== false;
  const testDb: TestDatabase = await openTestDatabase({ seeded, settings: options.postgresSettings, logQuery: options.logQuery });
  const { db, replica, kind } = testDb.database;
  let app: FastifyInstance | null = null;
  let mailer: Mailer | null = null;
  try {
    // A seeded copy has the reference data and the demo accounts already (tests/api/support/seededCopy.ts).
    if (!seeded) await ensureReferenceData(db);
    const clock = createClock();
    mailer = options.mailer ? options.mailer(db) : outboxMailer(db);
    app = await buildApp({
      db,
      replica,
      mailer,
      jwtSecret: TEST_JWT_SECRET,
      publicUrl: PUBLIC_URL,
      distDir: options.distDir ?? null,
      demoAccounts: options.demoAccounts ?? false,
      now: clock.now,
      notices: testDb.database.notices,
      webhookAllowedHosts: options.webhookAllowedHosts,
      bounceWebhookSecret: options.bounceWebhookSecret ?? null,
      courierWebhookSecret: options.courierWebhookSecret ?? null,
      uploadsDir: options.uploadsDir,
      listenAddress: options.listenAddress ?? null,
      bounceMailbox: options.bounceMailbox ?? null,
      payfast: options.payfast ?? null,
      payfastTestGateway: true,
      // No test depends on DNS: a host name resolves to nothing unless the test says otherwise.
      payfastLookup: options.payfastLookup ?? (async (host) => (/^[\d.]+$|:/.test(host) ? [host] : [])),
    });
    await app.ready();

    const rows = await db
      .select({ id: users.id, email: users.email, name: users.name, role: roles.name, clientId: users.clientId })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .orderBy(asc(users.id));
    const demo = {} as Record<RoleName, DemoUser>;
    for (const account of demoAccounts) {
      const row = rows.find((r) => r.email === account.email);
      if (row) demo[account.role] = { ...row, role: row.role as RoleName };
    }

    const tokens = new TokenService(TEST_JWT_SECRET, clock.now);
    const variants: FastifyInstance[] = [];
    const theApp = app;
    const theMailer = mailer;
    const streams = new Set(theApp.apiRoutes.filter((route) => route.stream).map((route) => route.url));
    const inject = (opts: InjectOptions) => {
      const path = String(opts.url ?? '').split('?')[0];
      return (opts.method ?? 'GET') === 'GET' && streams.has(path) ? injectStream(theApp, opts) : theApp.inject(opts);
    };
    const t: TestApp = {
      app: theApp,
      db,
      kind,
      clock,
      demo,
      inject,
      get: (url, o) => inject({ method: 'GET', url, headers: authHeaders(o), remoteAddress: o?.remoteAddress }),
      post: (url, body, o) =>
        inject({
          method: 'POST',
          url,
          headers: authHeaders(o),
          remoteAddress: o?.remoteAddress,
          ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
        }),
      async login(email, password = DEMO_PASSWORD) {
        const res = await t.post('/api/auth/login', { email, password });
        if (res.statusCode !== 200) throw new Error(`login ${email} answered ${res.statusCode}: ${res.body}`);
        return res.json().access_token as string;
      },
      async tokenFor(user) {
        const id = typeof user === 'string' ? demo[user].id : user.id;
        const row = await db.query.users.findFirst({ where: eq(users.id, id) });
        if (!row) throw new Error(`no user #${id}`);
        return tokens.issue({ userId: row.id, tokenVersion: row.tokenVersion });
      },
      async makeUser(input) {
        const n = ++userCounter;
        const password = input.password ?? `factory-password-${n}-xyz`;
        const email = input.email ?? `user${n}.${input.role}.${Date.now().toString(36)}@factory.test`;
        const name = input.name ?? `Factory ${input.role} ${n}`;
        const role = await db.query.roles.findFirst({ where: eq(roles.name, input.role) });
        const created = await createUser(db, { email, name, password, roleId: role!.id, clientId: input.clientId ?? null });
        if (input.active === false) await t.setActive(created.id, false);
        return { id: created.id, email: created.email, name, role: input.role, clientId: input.clientId ?? null, password };
      },
      async variant(overrides) {
        const other = await buildApp({
          db,
          mailer: theMailer,
          jwtSecret: TEST_JWT_SECRET,
          publicUrl: PUBLIC_URL,
          now: clock.now,
          ...overrides,
        });
        variants.push(other);
        await other.ready();
        return other;
      },
      async setActive(userId, active) {
        await db.update(users).set({ active }).where(eq(users.id, userId));
        // As a write through the API does: the app has heard of the change before the next request.
        await testDb.database.notices.sync();
      },
      heard: () => testDb.database.notices.sync(),
      drainJobs: () => theApp.jobs.drain(),
      outbox: async (to) => {
        await theApp.jobs.drain();
        return db
          .select()
          .from(mailOutbox)
          .where(to ? sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}` : sql`true`)
          .orderBy(asc(mailOutbox.id));
      },
      audit: (action, entityId) =>
        db
          .select()
          .from(auditLog)
          .where(entityId === undefined ? eq(auditLog.action, action) : sql`${auditLog.action} = ${action} and ${auditLog.entityId} = ${String(entityId)}`)
          .orderBy(asc(auditLog.id)),
      async close() {
        try {
          for (const other of variants) await other.close();
          await theApp.close();
          await theMailer.close();
        } finally {
          await testDb.dispose();
        }
      },
    };
    return t;
  } catch (error) {
    await app?.close();
    await mailer?.close();
    await testDb.dispose();
    throw error;
  }
}

/**
 * One app per test file: built before the first test, closed (and its database dropped) after
 * the last; the clock goes back to real time after every test. Use the returned object's
 * members inside tests and hooks only.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp;
  let built: TestApp | null = null;
  beforeAll(async () => {
    built = await createTestApp(options);
    Object.assign(holder, built);
  });
  afterEach(() => built?.clock.reset());
  afterAll(async () => {
    await built?.close();
  });
  return holder;
}

/** The reset link's token from a password-reset mail. */
export function resetTokenFrom(text: string): string {
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1];
}
