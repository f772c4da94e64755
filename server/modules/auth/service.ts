import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { authMailsAr } from '../../../i18n/auth-mails/ar';
import { authMailsEn, type AuthMails } from '../../../i18n/auth-mails/en';
import { authMailsEs } from '../../../i18n/auth-mails/es';
import { authMailsFr } from '../../../i18n/auth-mails/fr';
import { authMailsZh } from '../../../i18n/auth-mails/zh';
import { branches, clients, passwordResets, roles, users } from '../../db/schema';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/passwords';
import { ACCESS_TOKEN_SECONDS } from '../../auth/tokens';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { HttpError, badRequest } from '../../http/errors';
import { queueMail } from '../../mail/queue';
import { cataloguesOf, isMailLocale, mailLocaleFromAcceptLanguage, renderTemplate } from '../../mail/templates';
import type { ModuleDeps } from '../deps';
import { type Origin, startSession, touchSession } from './sessions';
import { startChallenge, verify as verifyChallenge } from './twoFactor';
import { assertNotThrottled, clearAccountFailures, clearFailures, recordFailure } from './throttle';

export const RESET_TOKEN_HOURS = 2;

export type AuthDeps = ModuleDeps;

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

/** A right password of a user with two-factor on: no token yet, a challenge for POST api/auth/2fa/verify. */
export interface ChallengeAnswer {
  two_factor_required: true;
  challenge: string;
}

const normalEmail = (email: string) => email.trim().toLowerCase();
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function tokenFor(deps: AuthDeps, user: { id: number; tokenVersion: number }, sessionId: string | null): Promise<TokenAnswer> {
  const access_token = await deps.tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion, sessionId });
  return { access_token, token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS };
}

/** A completed sign-in: a new session, and the token that names it. */
export async function signedIn(deps: AuthDeps, db: Db | Tx, user: { id: number; tokenVersion: number }, origin: Origin): Promise<TokenAnswer> {
  return tokenFor(deps, user, await startSession(db, user, origin, deps.now()));
}

function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email}` });
}

/**
 * Unknown email and wrong password get the same 401 and take as long, so accounts can't be probed.
 * With two-factor on, the right password answers a challenge and leaves the failures counted: only
 * the second step clears them, so a known password does not reset the count of guessed codes.
 */
export async function login(deps: AuthDeps, email: string, password: string, origin: Origin): Promise<TokenAnswer | ChallengeAnswer> {
  const { ip } = origin;
  const key = normalEmail(email);
  const now = deps.now();
  // Checked, then counted once the answer is known: a try counted before its check (as codes are,
  // twoFactor.ts) would make a person's own sign-ins in flight at once throttle each other, and the
  // check here takes a costly hash that must not hold a lock or a connection.
  await assertNotThrottled(deps.db, key, ip, now);
  const user = await findUserByEmail(deps.db, key);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !ok || !user.active) {
    await recordFailure(deps.db, key, ip, now);
    throw new HttpError(401, 'Email or password is incorrect');
  }
  if (user.totpEnabledAt) return { two_factor_required: true, challenge: await startChallenge(deps, user.id) };
  await clearFailures(deps.db, key, ip);
  return signedIn(deps, deps.db, user, origin);
}

/** The second step of a sign-in (a TOTP or a recovery code): answers what login answers without two-factor. */
export function verifySecondStep(deps: AuthDeps, challenge: string, code: string, origin: Origin): Promise<TokenAnswer> {
  return verifyChallenge(deps, challenge, code, origin.ip, (tx, user) => signedIn(deps, tx, user, origin));
}

/** A new token for the same session, which was seen now (a token from before sessions existed starts one). */
export async function refresh(deps: AuthDeps, user: CurrentUser, origin: Origin): Promise<TokenAnswer> {
  if (!user.sessionId) return signedIn(deps, deps.db, user, origin);
  await touchSession(deps.db, user.sessionId, origin.ip, deps.now());
  return tokenFor(deps, user, user.sessionId);
}

/** Logging out bumps the token version: every token the user holds stops working. */
export async function logout(deps: AuthDeps, user: CurrentUser): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: deps.now() })
      .where(eq(users.id, user.id));
    await recordAudit(tx, { userId: user.id, action: 'logout', entity: 'user', entityId: user.id });
  });
}

export async function core(deps: AuthDeps, user: CurrentUser) {
  const [role, branchRows] = await Promise.all([
    deps.db.query.roles.findFirst({ where: eq(roles.id, user.roleId) }),
    deps.db.select().from(branches).orderBy(asc(branches.id)),
  ]);
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: { id: user.roleId, role_name: user.role, display_name: role?.displayName ?? user.role },
      client: user.clientId == null ? null : { id: user.clientId },
      two_factor: { enabled: user.twoFactorEnabled ?? false, enrolment_required: user.mustEnrolTwoFactor ?? false },
    },
    branch_config: branchRows.map((b) => ({ id: b.id, name: b.name, default_branch: b.defaultBranch })),
  };
}

const resetMails = cataloguesOf<keyof AuthMails>({ en: authMailsEn, ar: authMailsAr, es: authMailsEs, fr: authMailsFr, zh: authMailsZh });

/**
 * Always succeeds from the caller's view; a link is mailed only when the email belongs to an active
 * user. The mail is in the language of the user's client (a member's stored one) or, for staff and
 * members without one, in the language the request asked for (Accept-Language).
 */
export async function forgotPassword(deps: AuthDeps, email: string, acceptLanguage?: string): Promise<void> {
  const user = await findUserByEmail(deps.db, normalEmail(email));
  if (!user || !user.active) return;
  const [client] = user.clientId == null ? [] : await deps.db.select({ locale: clients.locale }).from(clients).where(eq(clients.id, user.clientId));
  const locale = isMailLocale(client?.locale) ? client.locale : mailLocaleFromAcceptLanguage(acceptLanguage);
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  const link = `${deps.publicUrl}/reset-password/${token}`;
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_HOURS * 3600_000),
    });
    await recordAudit(tx, { userId: null, action: 'request_password_reset', entity: 'user', entityId: user.id });
    await queueMail(
      tx,
      { to: user.email, ...renderTemplate(resetMails.passwordReset[locale], locale, { name: user.name, hours: RESET_TOKEN_HOURS }, link) },
      { ref: `user:${user.id}` },
    );
  });
  deps.jobs.wake();
}

/** A reset link works once and until it expires; using it also ends every session of that user. */
export async function resetPassword(deps: AuthDeps, token: string, password: string): Promise<void> {
  const now = deps.now();
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning();
    if (!reset) throw badRequest('token', 'This reset link is invalid or has expired; ask for a new one');
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, reset.userId));
    await recordAudit(tx, { userId: reset.userId, action: 'reset_password', entity: 'user', entityId: reset.userId });
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, reset.userId));
    await clearAccountFailures(tx, owner.email.toLowerCase());
  });
}
