import type { OwnAddress } from './modules/webhooks/addressGuard';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from './db/client';
import { TokenService } from './auth/tokens';
import { SecretBox } from './auth/secretBox';
import { type SessionUser, authentication } from './http/authentication';
import { apiCompression } from './http/compression';
import { routeReads } from './http/readAfterWrite';
import { conditionalReads } from './http/conditionalReads';
import { logRequests, serverLogger } from './http/requestLog';
import { SessionCache, USER_CHANGES_CHANNEL } from './auth/sessionCache';
import type { ChangeNotices } from './db/notices';
import { COUNTER_CHANGES_CHANNEL, CounterCache, allTableVersions } from './db/changeCounters';
import { jsonNotFound, registerErrorHandling } from './http/errors';
import { ErrorReply } from './http/schemas';
import { openApiOptions } from './docs/openapi';
import { apiReference } from './docs/reference';
import { registerValidation } from './http/validation';
import { securityHeaders, spaIndex } from './http/securityHeaders';
import { allowOrigins } from './http/cors';
import type { Mailer } from './mail/mailer';
import { domainModules } from './modules';
import { registerSubscribers } from './modules/subscribers';
import { domainEvents } from './events/domain';
import { EventHub } from './events/hub';
import { LIVE_EVENTS_CHANNEL } from './events/liveEvent';
import { eventRoutes } from './events/routes';
import type { ModuleDeps } from './modules/deps';
import { demoRoutes } from './modules/auth/demoRoutes';
import { healthRoutes } from './modules/health/routes';
import { JobWorker } from './jobs/worker';
import { jobHandlers, jobSchedules } from './jobs/handlers';
import type { BounceMailbox } from './modules/crm/mailing/bounceMailboxSettings';
import { InFlight, type Lookup, type PayfastSettings } from './modules/deps';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobWorker;
    /** The instance's live-event streams (server/events/hub.ts). */
    liveEvents: EventHub;
    /** PayFast notifications answered and still being recorded: a test awaits `settled()`. */
    payfastNotifications: InFlight;
  }
}

export interface AppDeps {
  db: Db;
  /** A read replica for lists, statistics and exports (DATABASE_READ_URL); default: `db` itself. */
  replica?: Db;
  mailer: Mailer;
  jwtSecret: string;
  /** The secret TOTP secrets are encrypted with (TWO_FACTOR_KEY); default: JWT_SECRET's. */
  twoFactorKey?: string | null;
  publicUrl: string;
  /** Folder of the built SPA; when it is missing only the API is served. */
  distDir?: string | null;
  /** Demo mode: the sign-in page may list the demo accounts. */
  demoAccounts?: boolean;
  now?: () => Date;
  /** Folder of uploaded files (`<data>/uploads`); default: a fresh temporary folder (tests). */
  uploadsDir?: string;
  /** Log to stdout, a line per request (main.ts); tests leave it off. */
  logger?: boolean;
  /**
   * Run the job worker (queued mail, campaigns, scheduled runs) in this instance. main.ts does; the
   * API tests leave it off and call `jobs.drain()` so each test sees the queue settle when it says so.
   */
  runJobs?: boolean;
  /** How often an idle worker polls the jobs table (ms). */
  jobPollMs?: number;
  /** Days a membership completion link works; default 14 (config MEMBERSHIP_TOKEN_DAYS). */
  membershipTokenDays?: number;
  /** Days after which a lead that never became a member is anonymised; default 365 (config LEAD_RETENTION_DAYS). */
  leadRetentionDays?: number;
  /** How long a claimed job is the worker's before another instance may take it over (ms; default 60 s). */
  jobLeaseMs?: number;
  /** Campaign mail per second across a send; default 0, no limit (main.ts passes MAIL_RATE_PER_SECOND). */
  mailRatePerSecond?: number;
  /** Origins allowed to call the API from their pages (CORS); default none: CORS closed. */
  corsOrigins?: string[];
  /**
   * The database's change notices: with them the session check keeps users in memory and forgets
   * one when its row changes, on any instance; without them every signed-in request reads the user.
   */
  notices?: ChangeNotices;
  /** Live-event streams: heartbeat and session re-check intervals (ms); tests shorten them. */
  eventsHeartbeatMs?: number;
  eventsSessionCheckMs?: number;
  /** Open live-event streams per user (config LIVE_STREAMS_PER_USER); default MAX_STREAMS_PER_USER. */
  liveStreamsPerUser?: number;
  /** Hosts outgoing webhooks may reach although private (config WEBHOOK_ALLOWED_HOSTS); default none. */
  webhookAllowedHosts?: string[];
  /** HOST and PORT the portal listens on: outgoing webhooks never call them. */
  listenAddress?: OwnAddress | null;
  /** At most `cap` campaign mails per sliding window of `seconds` (config MAIL_WINDOW_*); default: no cap. */
  mailWindow?: { cap: number; seconds: number };
  /** The bounce webhook's HMAC secret (BOUNCE_WEBHOOK_SECRET); default none: the webhook answers 404. */
  bounceWebhookSecret?: string | null;
  /** The courier webhook's HMAC secret (COURIER_WEBHOOK_SECRET); default none: the webhook answers 404. */
  courierWebhookSecret?: string | null;
  /** The mailbox bounce reports are read from (BOUNCE_IMAP_URL); default none: no poll is scheduled. */
  bounceMailbox?: BounceMailbox | null;
  /** PayFast's merchant account (config PAYFAST_*); default none. */
  payfast?: PayfastSettings | null;
  /** Without `payfast`: the portal's test gateway stands in (main.ts: outside production only); default off. */
  payfastTestGateway?: boolean;
  /** Resolves PayFast's hosts for the notification's source check; default DNS (tests give their own). */
  payfastLookup?: Lookup;
}

/** Builds the whole server from its dependencies; main.ts starts it, tests call app.inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: serverLogger() } : { logger: false }),
    // The request's line is written by logRequests, once, when its answer is out.
    logController: new LogController({ disableRequestLogging: true }),
    // One id per request in every log line of it and in the answer's X-Request-Id; a load balancer's
    // own id is kept when it sends a plain one, so its logs and ours line up.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  securityHeaders(app);
  if (deps.logger) logRequests(app);

  const now = deps.now ?? (() => new Date());
  const tokens = new TokenService(deps.jwtSecret, now);

  allowOrigins(app, deps.corsOrigins ?? []);
  await app.register(swagger, openApiOptions);
  app.addSchema(ErrorReply);
  registerValidation(app);
  const spaDir = deps.distDir && existsSync(join(deps.distDir, 'index.html')) ? deps.distDir : null;
  // One not-found handler per instance (Fastify refuses a second): the SPA's fallback when it is served.
  const indexPage = spaDir ? spaIndex(spaDir) : null;
  registerErrorHandling(app, indexPage ? spaFallback(indexPage) : jsonNotFound);
  const sessions = deps.notices ? sessionCacheFor(app, deps.notices) : undefined;
  await app.register(authentication, { db: deps.db, tokens, sessions });

  const uploadsDir = deps.uploadsDir ?? temporaryFolder(app);
  const secrets = new SecretBox(deps.twoFactorKey ?? deps.jwtSecret);
  const baseDeps = { db: deps.db, reads: routeReads(app, deps.db, deps.replica), tokens, secrets, mailer: deps.mailer, publicUrl: deps.publicUrl, now, uploadsDir, mailRatePerSecond: deps.mailRatePerSecond ?? 0, membershipTokenDays: deps.membershipTokenDays ?? 14, leadRetentionDays: deps.leadRetentionDays ?? 365, webhookAddresses: { allowedHosts: deps.webhookAllowedHosts ?? [], own: deps.listenAddress ?? null }, bounceWebhookSecret: deps.bounceWebhookSecret ?? null, courierWebhookSecret: deps.courierWebhookSecret ?? null, bounceMailbox: deps.bounceMailbox ?? null, log: app.log, mailWindow: deps.mailWindow ?? { cap: 0, seconds: 3600 }, payfast: deps.payfast ?? null, payfastTestGateway: !deps.payfast && (deps.payfastTestGateway ?? false), payfastLookup: deps.payfastLookup, payfastInFlight: new InFlight() };
  const heard = deps.notices ? { cache: counterCacheFor(app, deps.notices, deps.db), primary: deps.db } : undefined;
  conditionalReads(app, { reads: baseDeps.reads, now, heard });
  const jobs = new JobWorker({
    db: deps.db,
    handlers: jobHandlers(baseDeps),
    schedules: jobSchedules(baseDeps),
    now,
    pollMs: deps.jobPollMs,
    leaseMs: deps.jobLeaseMs,
  });
  app.decorate('jobs', jobs);
  if (deps.runJobs) app.addHook('onReady', async () => jobs.start());
  // Stop claiming first; the jobs in flight finish before the database closes.
  app.addHook('onClose', async () => jobs.stop());
  // A PayFast notification answered but still being recorded finishes before the database closes.
  app.decorate('payfastNotifications', baseDeps.payfastInFlight);
  app.addHook('onClose', async () => baseDeps.payfastInFlight.settled());
  const moduleDeps: ModuleDeps = { ...baseDeps, jobs };
  registerSubscribers(domainEvents, moduleDeps);
  // The API in a scope of its own, so answer compression covers its routes and not the SPA's files.
  await app.register(async (api) => {
    await api.register(compress, apiCompression);
    await api.register(healthRoutes, { db: deps.db, jobs, now });
    await api.register(eventRoutes, { db: deps.db, tokens, sessions, hub: liveEvents(app, deps.notices), now, heartbeatMs: deps.eventsHeartbeatMs, sessionCheckMs: deps.eventsSessionCheckMs, streamsPerUser: deps.liveStreamsPerUser });
    for (const module of domainModules) await api.register(module, { deps: moduleDeps });
    await api.register(demoRoutes, { enabled: deps.demoAccounts ?? false });
    // The reference page at /api/docs and its document at /api/docs/json.
    await api.register(apiReference);
  });

  if (spaDir && indexPage) await serveSpa(app, spaDir, indexPage);
  return app;
}

/** The change counters in memory while the instance listens to their notices (conditionalReads). */
function counterCacheFor(app: FastifyInstance, notices: ChangeNotices, db: Db): CounterCache {
  const cache = new CounterCache(() => allTableVersions(db), (error) => app.log.warn({ err: error }, 'change counters not read; validators read them from the database'));
  let unsubscribe: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    let read: Promise<void> = Promise.resolve();
    unsubscribe = await notices.subscribe(COUNTER_CHANGES_CHANNEL, (payload) => cache.notice(payload), (live) => (read = cache.setLive(live)));
    // The first read is in before the instance takes requests (later ones, after a reconnect, are not waited for).
    await read;
  });
  app.addHook('onClose', async () => unsubscribe?.());
  return cache;
}

/**
 * The session users in memory, kept while the instance listens to the users' change notices. A
 * write's answer waits until its own notices are in (`sync`), so the next request of the same
 * caller to this instance — after a logout, say — already sees the change.
 */
function sessionCacheFor(app: FastifyInstance, notices: ChangeNotices): SessionCache<SessionUser> {
  const sessions = new SessionCache<SessionUser>();
  let unsubscribe: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    unsubscribe = await notices.subscribe(USER_CHANGES_CHANNEL, (payload) => sessions.notice(payload), (live) => sessions.setLive(live));
  });
  app.addHook('onClose', async () => unsubscribe?.());
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    notices.sync().then(() => done(null, payload), done);
  });
  return sessions;
}

/**
 * The instance's live-event hub, hearing the database's `portal_events` while the app runs. An app
 * without notices (a tool) has a hub that hears nothing: its streams only carry heartbeats.
 */
function liveEvents(app: FastifyInstance, notices: ChangeNotices | undefined): EventHub {
  const hub = new EventHub();
  app.decorate('liveEvents', hub);
  // Before the server stops taking connections: an open stream would hold its close for ever.
  app.addHook('preClose', async () => hub.endAll());
  if (!notices) return hub;
  let unsubscribe: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    unsubscribe = await notices.subscribe(LIVE_EVENTS_CHANNEL, (payload) => hub.notice(payload), (live) => hub.setLive(live));
  });
  app.addHook('onClose', async () => unsubscribe?.());
  return hub;
}

/** A folder that lives as long as the app (tests build many apps and never serve their uploads again). */
function temporaryFolder(app: FastifyInstance): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-uploads-'));
  app.addHook('onClose', async () => rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * History fallback: any page path gets index.html; unknown /api paths, non-GET requests and missing
 * build assets or uploads stay 404s (a stale tab asking for an old chunk must not be handed HTML as JavaScript).
 */
function spaFallback(indexPage: ReturnType<typeof spaIndex>) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    const notAPage = path.startsWith('/api/') || path === '/api' || path.startsWith('/assets/') || path.startsWith('/uploads/');
    if (notAPage || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return jsonNotFound(request, reply);
    }
    return indexPage(request, reply);
  };
}

/**
 * The built SPA's files; page paths fall back to index.html through spaFallback. index.html itself
 * is never a static file: it carries the response's CSP nonce (`spaIndex`).
 */
async function serveSpa(app: FastifyInstance, distDir: string, indexPage: ReturnType<typeof spaIndex>): Promise<void> {
  // Pages of the web app, not calls of the API: left out of the OpenAPI document.
  app.get('/', { schema: { hide: true } }, indexPage);
  app.get('/index.html', { schema: { hide: true } }, indexPage);
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    // index.html and its precompressed copies are answered by indexPage only.
    allowedPath: (pathName) => !/^\/index\.html/.test(pathName),
    // The build writes `.br` and `.gz` beside each asset (scripts/compress.mjs): each browser gets
    // the smallest it accepts, with no compression work per request.
    preCompressed: true,
    setHeaders(res, path) {
      // Vite puts a content hash in every asset name, so they never change; the HTML must be re-checked.
      if (path.includes(`${join(distDir, 'assets')}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      // The HTML, the service worker and the app manifest keep their names from build to build: re-checked
      // each time, so a new build reaches an installed app on its next start.
      else if (/(\.html|serviceWorker\.js|\.webmanifest)$/.test(path)) res.header('cache-control', 'no-cache');
    },
  });
}
