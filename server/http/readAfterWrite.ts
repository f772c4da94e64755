import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';

/** How long a caller's reads stay on the primary after a write of its: far more than a healthy replica lags. */
export const READ_AFTER_WRITE_MS = 5_000;
/** Past this many callers remembered, the ones whose window has closed are forgotten. */
const REMEMBERED = 10_000;

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Which database a list, statistics or export call reads from. With a replica: the replica,
 * unless the caller wrote something in the last READ_AFTER_WRITE_MS (a member who placed an order
 * sees it in its list at once, whatever the replica's lag); without one: the primary. The window
 * counts from the answer of the caller's write, by the wall clock (replication lag is real time,
 * whatever clock the app's dates follow). It is this instance's memory: behind a balancer that
 * spreads one user's calls over several instances, keep users on one instance (sticky sessions).
 */
export function routeReads(app: FastifyInstance, primary: Db, replica: Db | undefined): (request: FastifyRequest) => Db {
  if (!replica || replica === primary) return () => primary;
  const wroteAt = new Map<number, number>();
  app.addHook('onResponse', async (request) => {
    if (!request.user || !writeMethods.has(request.method)) return;
    const now = Date.now();
    wroteAt.delete(request.user.id);
    wroteAt.set(request.user.id, now);
    if (wroteAt.size > REMEMBERED) {
      // Oldest first (a Map keeps insertion order and each write re-inserts its caller).
      for (const [id, at] of wroteAt) {
        if (now - at < READ_AFTER_WRITE_MS) break;
        wroteAt.delete(id);
      }
    }
  });
  // Decided once per request: a conditional read's counters (server/http/conditionalReads.ts) and
  // its data must come from the same database, even when the window closes between the two.
  const decided = new WeakMap<FastifyRequest, Db>();
  return (request) => {
    let db = decided.get(request);
    if (!db) {
      const at = request.user ? wroteAt.get(request.user.id) : undefined;
      db = at !== undefined && Date.now() - at < READ_AFTER_WRITE_MS ? primary : replica;
      decided.set(request, db);
    }
    return db;
  };
}
