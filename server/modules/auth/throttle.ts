import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { HttpError } from '../../http/errors';

/**
 * Sign-in abuse. Failures are counted per account AND address together, so someone
 * guessing a member's password from elsewhere slows down and locks only themselves: the member,
 * from their own address, always gets in with the right password. Within the window:
 * - from FREE_FAILURES on, each further try from that address waits twice as long as the last
 *   (1 s, 2 s, 4 s …) — a person who mistyped barely notices, a script crawls;
 * - at LOCK_FAILURES the pair is locked until the window has passed;
 * - an address with MAX_FAILURES_PER_IP failures over any accounts is refused whatever it tries.
 * A successful sign-in clears the failures of that pair; a password reset clears the account's
 * failures from every address, so its holder can always get back in.
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const FREE_FAILURES = 3;
export const LOCK_FAILURES = 10;
export const MAX_FAILURES_PER_IP = 50;

export class ThrottledError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** The wait before the next try after `failures` failures of one pair (0 while under FREE_FAILURES). */
export function delayAfter(failures: number): number {
  return failures < FREE_FAILURES ? 0 : 1000 * 2 ** (failures - FREE_FAILURES);
}

/** Refuses (429) a try the throttle says must wait. */
export async function assertNotThrottled(db: Db | Tx, email: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [row] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})`.mapWith(Number),
      first: sql<string | null>`min(${loginFailures.at}) filter (where ${loginFailures.email} = ${email})`,
      last: sql<string | null>`max(${loginFailures.at}) filter (where ${loginFailures.email} = ${email})`,
      byIp: sql<number>`count(*)`.mapWith(Number),
      firstByIp: sql<string | null>`min(${loginFailures.at})`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
  const windowEnd = (first: string | null) => Math.max(1, Math.ceil((new Date(first!).getTime() + THROTTLE_WINDOW_MS - now.getTime()) / 1000));
  if (row.byIp >= MAX_FAILURES_PER_IP) {
    throw new ThrottledError('Too many failed sign-in attempts from this address. Wait 15 minutes and try again.', windowEnd(row.firstByIp));
  }
  if (row.pair >= LOCK_FAILURES) {
    throw new ThrottledError('Too many failed sign-in attempts. Wait 15 minutes and try again, or reset your password.', windowEnd(row.first));
  }
  const wait = delayAfter(row.pair) - (now.getTime() - new Date(row.last ?? 0).getTime());
  if (row.pair > 0 && wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new ThrottledError(`Too many failed sign-in attempts. Wait ${seconds} second${seconds === 1 ? '' : 's'} and try again, or reset your password.`, seconds);
  }
}

/**
 * Takes one try (a password, a code) for the account from the address: refused with a 429 when the
 * throttle says wait, otherwise counted as a failure at once, before the answer is checked. The
 * check and the count are one transaction under a lock on the account, so tries sent together are
 * counted one after another: checked first and counted after the answer (as sign-in passwords
 * still are), thirty codes sent at once all passed a check that saw none of them. A right answer
 * clears the pair (clearFailures). For codes, whose check is cheap; answers the try's id.
 */
export async function takeTry(db: Db, email: string, ip: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${email}`}))`);
    await assertNotThrottled(tx, email, ip, now);
    const [row] = await tx.insert(loginFailures).values({ email, ip, at: now }).returning({ id: loginFailures.id });
    return row.id;
  });
}

export async function recordFailure(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ email, ip, at: now });
}

/** After a successful sign-in: that address starts afresh for that account. */
export async function clearFailures(db: Db | Tx, email: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}

/** After a password reset: the account starts afresh from everywhere. */
export async function clearAccountFailures(tx: Tx, email: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.email, email));
}
