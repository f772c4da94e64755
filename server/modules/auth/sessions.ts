import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { userSessions, users } from '../../db/schema';
import { ACCESS_TOKEN_SECONDS } from '../../auth/tokens';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { notFound } from '../../http/errors';
import type { ModuleDeps } from '../deps';

/** Where a sign-in comes from, as the request shows it. */
export interface Origin {
  ip: string;
  userAgent: string;
}

/** A new sign-in of `user`: the session its tokens will name. */
export async function startSession(db: Db | Tx, user: { id: number; tokenVersion: number }, origin: Origin, now: Date): Promise<string> {
  const id = randomUUID();
  await db.insert(userSessions).values({
    id,
    userId: user.id,
    tokenVersion: user.tokenVersion,
    userAgent: origin.userAgent.slice(0, 512),
    ip: origin.ip,
    createdAt: now,
    lastSeenAt: now,
  });
  return id;
}

/** A refresh: the session was seen now, from this address. */
export async function touchSession(db: Db, sessionId: string, ip: string, now: Date): Promise<void> {
  await db.update(userSessions).set({ lastSeenAt: now, ip }).where(eq(userSessions.id, sessionId));
}

/**
 * The user's live sessions, most recently seen first: not ended, of the current token version, and
 * refreshed within a token's lifetime (an older one holds no token that still works).
 */
export async function listSessions(db: Db, user: CurrentUser, now: Date) {
  const rows = await db
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.userId, user.id),
        isNull(userSessions.endedAt),
        eq(userSessions.tokenVersion, user.tokenVersion),
        gt(userSessions.lastSeenAt, new Date(now.getTime() - ACCESS_TOKEN_SECONDS * 1000)),
      ),
    )
    .orderBy(desc(userSessions.lastSeenAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    user_agent: row.userAgent,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.id === user.sessionId,
  }));
}

/** The user ends one of their own sessions (another device, or this one). */
export async function endOwnSession(deps: ModuleDeps, user: CurrentUser, sessionId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(userSessions)
      .set({ endedAt: deps.now() })
      .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, user.id), isNull(userSessions.endedAt)))
      .returning({ id: userSessions.id });
    if (!ended) throw notFound('Session');
    await recordAudit(tx, { userId: user.id, action: 'end_session', entity: 'user', entityId: user.id, data: { current: sessionId === user.sessionId } });
  });
}

/** An admin ends every session of a user: a new token version refuses all their tokens at once. */
export async function endAllSessions(deps: ModuleDeps, admin: CurrentUser, userId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: deps.now() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!target) throw notFound('User');
    const ended = await tx
      .update(userSessions)
      .set({ endedAt: deps.now() })
      .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt)))
      .returning({ id: userSessions.id });
    await recordAudit(tx, { userId: admin.id, action: 'end_sessions', entity: 'user', entityId: userId, data: { sessions: ended.length } });
  });
}
