import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import fastifySse from '@fastify/sse';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { eventTickets } from '../db/schema';
import type { TokenClaims, TokenService } from '../auth/tokens';
import type { CurrentUser } from '../auth/roles';
import type { SessionCache } from '../auth/sessionCache';
import { bearerToken, twoFactorEnrolmentRequired, userForClaims, type SessionUser } from '../http/authentication';
import { HttpError, unauthorized } from '../http/errors';
import { errorReplies } from '../http/schemas';
import { MAX_STREAMS_PER_USER, type EventHub, type LiveStream } from './hub';
import { wireMessage } from './liveEvent';
import { scopeFor } from './scope';

/** A ticket opens one stream within this many seconds of being made, once. */
export const TICKET_SECONDS = 30;
/** Comment lines that keep proxies from closing a quiet stream, and tell a browser it is alive. */
export const HEARTBEAT_MS = 25_000;
/** How often an open stream checks that its sign-in still holds (a logout, a deactivation end it). */
export const SESSION_CHECK_MS = 30_000;

export interface EventRoutesOptions {
  db: Db;
  tokens: TokenService;
  sessions?: SessionCache<SessionUser>;
  hub: EventHub;
  now: () => Date;
  heartbeatMs?: number;
  sessionCheckMs?: number;
  /** Open streams per user on this instance; default MAX_STREAMS_PER_USER. */
  streamsPerUser?: number;
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/**
 * Live events: `GET api/events` is a server-sent event stream of the changes the caller
 * may read, in react-admin's realtime shape. A browser opens it with its Authorization header
 * (a streamed fetch), or with a single-use ticket from `POST api/events/ticket` where it must use
 * EventSource, which cannot send headers: no token ever goes in a URL.
 */
export const eventRoutes: FastifyPluginAsyncTypebox<EventRoutesOptions> = async (app, options) => {
  const { db, tokens, sessions, hub, now } = options;
  await app.register(fastifySse, { heartbeatInterval: options.heartbeatMs ?? HEARTBEAT_MS });

  app.post(
    '/api/events/ticket',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['events'],
        response: { 200: Type.Object({ ticket: Type.String(), expires_in: Type.Integer() }), ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      const user = request.user!;
      const ticket = randomBytes(32).toString('base64url');
      const at = now();
      await db.transaction(async (tx) => {
        // Tickets are used within seconds: the expired ones go as new ones are made.
        await tx.delete(eventTickets).where(lt(eventTickets.expiresAt, at));
        await tx.insert(eventTickets).values({
          ticketHash: hashOf(ticket),
          userId: user.id,
          tokenVersion: user.tokenVersion,
          sessionId: user.sessionId ?? null,
          expiresAt: new Date(at.getTime() + TICKET_SECONDS * 1000),
        });
      });
      return { ticket, expires_in: TICKET_SECONDS };
    },
  );

  /** The claims the stream is opened with: the bearer token's, or a ticket's (taken, so it works once). */
  async function claimsOf(request: FastifyRequest<{ Querystring: { ticket?: string } }>): Promise<TokenClaims | null> {
    const token = bearerToken(request);
    if (token) return tokens.read(token);
    const ticket = request.query.ticket;
    if (!ticket) return null;
    const [row] = await db
      .delete(eventTickets)
      .where(and(eq(eventTickets.ticketHash, hashOf(ticket)), gt(eventTickets.expiresAt, now())))
      .returning({ userId: eventTickets.userId, tokenVersion: eventTickets.tokenVersion, sessionId: eventTickets.sessionId });
    return row ?? null;
  }

  app.get(
    '/api/events',
    {
      sse: { kind: 'only' },
      // Public to the access check because a ticket, not a header, may be what signs it in: the
      // handler authenticates the caller itself, before anything is streamed.
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        querystring: Type.Object({ ticket: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }, { additionalProperties: false }),
        produces: ['text/event-stream'],
        response: {
          200: Type.String({ description: 'Events `{ topic, type, payload: { ids } }` with their ids; `ready` once live, `resync` when the caller should refetch, heartbeat comments' }),
          ...errorReplies(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const claims = await claimsOf(request);
      const user: CurrentUser | null = claims ? await userForClaims(db, now(), claims, sessions) : null;
      if (!user) throw unauthorized(claims ? 'Your session has ended; sign in again' : 'Authentication required: an Authorization header or a ticket');
      if (user.mustEnrolTwoFactor) throw twoFactorEnrolmentRequired();
      const cap = options.streamsPerUser ?? MAX_STREAMS_PER_USER;
      if (hub.streamsOf(user.id) >= cap) {
        throw new HttpError(429, `At most ${cap} live connections per user: close another tab of the portal`, { events: 'too many open streams' }, { 'Retry-After': '30' });
      }
      const scope = await scopeFor(db, user);
      const lastId = Number(reply.sse.lastEventId ?? '');

      const send = (message: { id?: string; event?: string; data: object }) => {
        if (reply.sse.isConnected) reply.sse.send(message).catch(() => reply.sse.close());
      };
      const stream: LiveStream = {
        userId: user.id,
        scope,
        deliver: (event) => send(wireMessage(event)),
        resync: () => send({ event: 'resync', data: {} }),
        end: () => reply.sse.close(),
      };
      reply.sse.keepAlive();
      // What was missed, and the stream's place among the listeners, in one turn of the event
      // loop: no event can fall between the two, nor come twice.
      const missed = Number.isSafeInteger(lastId) && reply.sse.lastEventId ? hub.since(lastId, scope) : [];
      if (missed === null) stream.resync();
      else for (const event of missed) stream.deliver(event);
      hub.add(stream);
      // Tells the browser (and a test) that events from here on reach it.
      send({ event: 'ready', data: {} });

      const check = setInterval(() => {
        void userForClaims(db, now(), claims!, sessions)
          .then((still) => {
            if (!still) reply.sse.close();
          })
          .catch(() => undefined);
      }, options.sessionCheckMs ?? SESSION_CHECK_MS);
      check.unref();
      reply.sse.onClose(() => {
        clearInterval(check);
        hub.remove(stream);
      });
    },
  );
};
