import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { membershipTokens } from '../../../db/schema';
import { HttpError } from '../../../http/errors';

/** How long a completion link works unless configured otherwise (14 days; config MEMBERSHIP_TOKEN_DAYS). */
export const MEMBERSHIP_TOKEN_DAYS = 14;
/** 24 random bytes: 192 bits, 32 characters of base64url. */
const TOKEN_BYTES = 24;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page the emailed link opens (the SPA's public completion page). */
export const completionLink = (publicUrl: string, token: string) => `${publicUrl}/complete/membership/${token}`;

/**
 * A new completion token for the client: only its hash is stored, and every older link of the
 * client stops working (a reminder replaces the link, it does not add one).
 */
export async function issueToken(tx: Tx, clientId: number, now: Date, days: number): Promise<string> {
  await tx
    .update(membershipTokens)
    .set({ revokedAt: now })
    .where(and(eq(membershipTokens.clientId, clientId), isNull(membershipTokens.usedAt), isNull(membershipTokens.revokedAt)));
  const { token, row } = newToken(clientId, now, days);
  await tx.insert(membershipTokens).values(row);
  return token;
}

/** A fresh random token and the row that stores its hash (the import writes many in one statement). */
export function newToken(clientId: number, now: Date, days: number) {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, row: { clientId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + days * 86400_000), createdAt: now } };
}

export type TokenProblem = 'invalid' | 'used' | 'expired';

const problems: Record<TokenProblem, { status: number; message: string }> = {
  invalid: { status: 404, message: 'This membership link is not valid; check that you copied all of it' },
  used: { status: 400, message: 'This membership link was already used; sign in with the password you chose' },
  expired: { status: 400, message: 'This membership link has expired or a newer one was sent; ask us for a new link' },
};

/** The 4xx of a token that cannot be used, naming `token` with what is wrong (the page shows it in the visitor's language). */
export const tokenError = (problem: TokenProblem) => new HttpError(problems[problem].status, problems[problem].message, { token: problem });

/**
 * The token's row if it can complete a membership now; otherwise the matching 4xx. `lock` holds
 * the row for the finalising transaction, so a link used twice at once completes once.
 */
export async function usableToken(tx: Tx, token: string, now: Date, lock = false) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw tokenError('invalid');
  const query = tx.select().from(membershipTokens).where(eq(membershipTokens.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw tokenError('invalid');
  if (row.usedAt) throw tokenError('used');
  if (row.revokedAt || row.expiresAt <= now) throw tokenError('expired');
  return row;
}
