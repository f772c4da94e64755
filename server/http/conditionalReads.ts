import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { type CounterCache, type TrackedTable, tableVersions } from '../db/changeCounters';
import { businessDay } from '../../shared/billing/accounts';
import type { CurrentUser } from '../auth/roles';
import { SharedAnswers } from './sharedAnswers';

/**
 * What a list or record answer depends on, declared next to its route
 * (`config: { changesWith: { tables: [...] } }`): the tables its queries read (the API suite
 * checks every table a route's SQL names is here), and whether it also depends on the business
 * day (ageing, "this month", overdue).
 */
export interface ChangeSource {
  tables: readonly TrackedTable[];
  day?: boolean;
  /**
   * Keep each answer in memory and give it to every request of the same key until a counter
   * moves (server/http/sharedAnswers.ts). Returns who gets the same answer for the same URL: a
   * scope several users may share (every admin sees the whole business), or the user's own.
   */
  sharedBy?: (user: CurrentUser) => string;
}

/** The scope of an answer only its caller may see. */
export const ownAnswer = (user: CurrentUser) => `${user.id}:${user.role}:${user.clientId ?? ''}`;

/** For a route whose answer an admin sees whole (every admin the same), and anyone else narrowed to themselves. */
export const sameForAdmins = (user: CurrentUser) => (user.role === 'admin' ? 'admin' : ownAnswer(user));

declare module 'fastify' {
  interface FastifyContextConfig {
    changesWith?: ChangeSource;
  }
}

/** Whether an If-None-Match header names `tag` (a list of tags, or `*`; weak comparison). */
function ifNoneMatchHolds(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = tag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/**
 * Conditional reads. Before the handler, a GET route with `changesWith` takes its tables' change
 * counters and makes the validator from them; when the request's If-None-Match still names it the
 * answer is 304 and the list query never runs. The counters are what this instance heard
 * (`heard`, no query) when it reads the primary and has heard them, and are read from the
 * database (one small indexed query) otherwise and to confirm a 304.
 *
 * The counters come from `reads(request)`, the database a list of this request reads: the
 * replica unless the caller has just written. Counters are read before the data, and never from a
 * database ahead of the one the data comes from (a record handler reads the primary, which is
 * never behind the replica), so a validator is never newer than the answer it goes with: a write
 * committing in between makes the next request miss, not match. A record's 304 can lag the
 * primary by the replica's delay, as its list does, except for a caller who has just written.
 *
 * The validator also holds who asks (what a rep or a member sees is narrowed to them), the URL
 * (its filters and page), the business day when the route asks for it, and this process's start:
 * a new release may shape answers differently from the same data. Answers carry `no-store`: the
 * web app keeps validated answers in memory for the tab's life (src/providers/revalidation.ts),
 * so members' data and prices are not written to a shared computer's disk cache.
 */
export function conditionalReads(
  app: FastifyInstance,
  options: {
    reads: (request: FastifyRequest) => Db;
    now: () => Date;
    /**
     * The counters as this instance heard them (CounterCache), for requests that read `primary`:
     * a full answer's validator then costs no query. Not for a replica: the primary's notices may
     * be ahead of what the replica has replayed.
     */
    heard?: { cache: CounterCache; primary: Db };
  },
) {
  const started = randomUUID();
  const tags = new WeakMap<FastifyRequest, string>();
  const answers = new SharedAnswers();
  // The requests computing an answer others may wait for, with its key.
  const computing = new WeakMap<FastifyRequest, string>();
  const settle = (request: FastifyRequest, answer: string | undefined) => {
    const key = computing.get(request);
    if (key === undefined) return;
    computing.delete(request);
    answers.settle(key, answer);
  };
  // Only a read has a validator: on a write the declaration would do nothing and mislead.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.config?.changesWith && methods.some((method) => method !== 'GET' && method !== 'HEAD')) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares changesWith, which only a GET route may`);
    }
  });
  app.addHook('preHandler', async (request, reply) => {
    const source = request.routeOptions.config?.changesWith;
    if (!source || request.method !== 'GET') return;
    const db = options.reads(request);
    const user = request.user;
    const day = source.day ? businessDay(options.now()) : '';
    const tagOf = (versions: number[]) => {
      const parts = [started, user ? `${user.id}:${user.role}:${user.clientId ?? ''}` : '-', request.url, versions.join('.'), day];
      return `W/"${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27)}"`;
    };
    const cache = options.heard && db === options.heard.primary ? options.heard.cache : null;
    const heard = cache?.versionsOf(source.tables) ?? null;
    let versions = heard ?? (await tableVersions(db, source.tables));
    let tag = tagOf(versions);
    const ifNoneMatch = request.headers['if-none-match'];
    // What this instance heard, read from the database: another instance's commit may have its
    // notice still on the way (milliseconds), and what the database holds is the truth.
    const confirm = async () => {
      if (!cache || !heard || versions !== heard) return;
      versions = await cache.confirmed(source.tables);
      tag = tagOf(versions);
    };
    // A match on what this instance heard is confirmed: a write's notice may not be in yet.
    if (ifNoneMatchHolds(ifNoneMatch, tag)) await confirm();
    if (ifNoneMatchHolds(ifNoneMatch, tag)) {
      return reply.code(304).header('etag', tag).header('cache-control', 'private, no-store').send();
    }
    // A request with `Cache-Control: no-cache` asks for an answer computed now (HTTP's meaning of
    // it for a cache); it neither takes a kept answer nor keeps its own.
    const scope = source.sharedBy && user && !/\bno-cache\b/i.test(request.headers['cache-control'] ?? '') ? source.sharedBy(user) : undefined;
    // A kept answer is keyed by confirmed counters too: given from what was heard, it could miss
    // a commit another instance made a moment ago, as a 304 could (one read of the counters,
    // shared by the requests that ask while it runs: CounterCache.confirmed).
    if (scope !== undefined) await confirm();
    tags.set(request, tag);
    if (scope !== undefined) {
      const key = [scope, request.url, versions.join('.'), day].join('\n');
      const taken = await answers.take(key);
      // Sent as the text it was: no query, no serialization (the onSend hooks add the validator and compress).
      if ('answer' in taken) return reply.header('content-type', 'application/json; charset=utf-8').send(taken.answer);
      computing.set(request, key);
    }
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const tag = tags.get(request);
    if (tag && reply.statusCode === 200) reply.header('etag', tag).header('cache-control', 'private, no-store');
    settle(request, reply.statusCode === 200 && typeof payload === 'string' ? payload : undefined);
    done(null, payload);
  });
  // An answer that never reached onSend (the client went away) lets its waiters compute their own.
  app.addHook('onResponse', async (request) => settle(request, undefined));
  app.addHook('onRequestAbort', async (request) => settle(request, undefined));
}
