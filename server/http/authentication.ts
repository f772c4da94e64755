import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { roles, securitySettings, userSessions, users } from '../db/schema';
import { type Access, type CurrentUser, type RoleName, allows } from '../auth/roles';
import type { SessionCache } from '../auth/sessionCache';
import { ACCESS_TOKEN_SECONDS, type TokenClaims, type TokenService } from '../auth/tokens';
import { HttpError, forbidden, unauthorized } from './errors';
import type { ChangeSource } from './conditionalReads';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must declare it (checked when routes are added). */
    access?: Access;
    /**
     * Open to an admin the company requires two-factor of who has not set it up yet: the calls of
     * enrolment, the session's own (core, refresh, logout) and nothing else.
     */
    beforeTwoFactor?: boolean;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, as registered: the authorization matrix test reads it. */
    apiRoutes: ApiRoute[];
    /**
     * The access of every route registered in this plugin's context that states none: for a plugin
     * whose routes we do not write ourselves (the API reference viewer). Decorated in that plugin only.
     */
    routesAccess?: Access;
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** The declared JSON schemas (TypeBox), for the tests that send every route hostile input. */
  schema?: { body?: unknown; querystring?: unknown };
  /** The tables a conditional read's validator is made from (server/http/conditionalReads.ts). */
  changesWith?: ChangeSource;
  /** An event stream (`GET api/events`): its answer does not end, so a test reads its start only. */
  stream?: boolean;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * What a session check reads of its user (one row, kept in the SessionCache): with the sessions
 * ended recently enough that one of their tokens may still be unexpired at `now`.
 */
async function sessionUser(db: Db, id: number, now: Date) {
  const endedSince = new Date(now.getTime() - ACCESS_TOKEN_SECONDS * 1000);
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      roleId: users.roleId,
      role: roles.name,
      clientId: users.clientId,
      active: users.active,
      tokenVersion: users.tokenVersion,
      twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      requireTwoFactor: sql<boolean>`coalesce(${securitySettings.requireTwoFactorForAdmins}, false)`,
      endedSessions: sql<string[]>`array(select ${userSessions.id} from ${userSessions} where ${userSessions.userId} = ${users.id} and ${userSessions.endedAt} > ${endedSince.toISOString()})`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(securitySettings, eq(securitySettings.id, 1))
    .where(eq(users.id, id));
  return row ?? null;
}
export type SessionUser = NonNullable<Awaited<ReturnType<typeof sessionUser>>>;

/**
 * The user a token speaks for, if the token is valid, its version current and the user active.
 * With `sessions`, the user's row comes from memory when this instance has it (see SessionCache).
 */
export async function userForToken(db: Db, tokens: TokenService, token: string | null, sessions?: SessionCache<SessionUser>): Promise<CurrentUser | null> {
  if (!token) return null;
  const claims = await tokens.read(token);
  return claims ? userForClaims(db, tokens.now(), claims, sessions) : null;
}

/** The user of a token's claims (or of a live-event ticket, which keeps the claims it was made with), if they still hold. */
export async function userForClaims(db: Db, now: Date, claims: TokenClaims, sessions?: SessionCache<SessionUser>): Promise<CurrentUser | null> {
  const load = () => sessionUser(db, claims.userId, now);
  const row = sessions ? await sessions.get(claims.userId, load) : await load();
  if (!row || !row.active || row.tokenVersion !== claims.tokenVersion) return null;
  const sessionId = claims.sessionId ?? null;
  if (sessionId && row.endedSessions.includes(sessionId)) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as RoleName,
    roleId: row.roleId,
    clientId: row.clientId,
    tokenVersion: row.tokenVersion,
    sessionId,
    twoFactorEnabled: row.twoFactorEnabled,
    mustEnrolTwoFactor: row.role === 'admin' && row.requireTwoFactor && !row.twoFactorEnabled,
  };
}

/** The 403 of an admin who must set up two-factor before anything else; `errors.two_factor` tells the web app. */
export const twoFactorEnrolmentRequired = () =>
  new HttpError(403, 'The company requires two-factor sign-in for admins: set it up first', { two_factor: 'enrolment_required' });

/**
 * Authorization sits on the server and beside each route: a route states `config.access`, this
 * plugin refuses to register an /api route that does not, and checks the caller before the body
 * is even read.
 */
export const authentication = fp(async (app: FastifyInstance, opts: { db: Db; tokens: TokenService; sessions?: SessionCache<SessionUser> }) => {
  app.decorateRequest('user', null);

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', function (route) {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access ?? this.routesAccess;
    if (access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    route.config = { ...route.config, access };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        apiRoutes.push({
          method,
          url: route.url,
          access,
          schema: { body: route.schema?.body, querystring: route.schema?.querystring },
          changesWith: route.config?.changesWith,
          ...(route.sse ? { stream: true } : {}),
        });
      }
    }
  });

  // Callback style, so a public route (a click link, the health check) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    // Public routes skip the user look-up; a public route that cares (auth/check) reads the token itself.
    if (access === undefined || access === 'public') return done();
    checkAccess(request, access).then(() => done(), done);
  });

  async function checkAccess(request: FastifyRequest, access: Access): Promise<void> {
    const token = bearerToken(request);
    request.user = await userForToken(opts.db, opts.tokens, token, opts.sessions);
    const verdict = allows(access, request.user);
    if (verdict === 'unauthenticated') throw unauthorized(token ? 'Your session has ended; sign in again' : undefined);
    if (verdict === 'forbidden') throw forbidden();
    if (request.user?.mustEnrolTwoFactor && !request.routeOptions.config?.beforeTwoFactor) throw twoFactorEnrolmentRequired();
  }
});
