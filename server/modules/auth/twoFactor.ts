import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { recoveryCodes, securitySettings, twoFactorChallenges, users } from '../../db/schema';
import type { User } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { acceptedStep, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeHash } from '../../auth/totp';
import { recordAudit } from '../../audit/record';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { ModuleDeps } from '../deps';
import { clearFailures, takeTry } from './throttle';

/** A code is good once: the answer to the phone's current code when it has been used already. */
const CODE_USED = 'This code has been used already; wait for the next code on your phone';

/** How long the second step of a sign-in may wait for its code. */
export const CHALLENGE_MINUTES = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** The secret is sealed to its user: a ciphertext copied onto another row does not open. */
const secretContext = (userId: number) => `user:${userId}:totp`;

export async function requiredForAdmins(deps: ModuleDeps): Promise<boolean> {
  const [row] = await deps.db.select().from(securitySettings).where(eq(securitySettings.id, 1));
  return row?.requireTwoFactorForAdmins ?? false;
}

async function userRow(deps: ModuleDeps, id: number): Promise<User> {
  const row = await deps.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!row) throw notFound('User');
  return row;
}

function secretOf(deps: ModuleDeps, user: User): string | null {
  return user.totpSecret ? deps.secrets.open(user.totpSecret, secretContext(user.id)) : null;
}

export async function status(deps: ModuleDeps, user: CurrentUser) {
  const row = await userRow(deps, user.id);
  const codes = await deps.db.select({ usedAt: recoveryCodes.usedAt }).from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  return {
    enabled: row.totpEnabledAt !== null,
    required: user.role === 'admin' && (await requiredForAdmins(deps)),
    recovery_codes_left: codes.filter((code) => code.usedAt === null).length,
  };
}

/**
 * Step one of enrolment: a new secret, kept sealed and not yet in force. The only answer that ever
 * carries it; enrolling again before confirming replaces it.
 */
export async function enrol(deps: ModuleDeps, user: CurrentUser): Promise<{ secret: string; otpauth_url: string }> {
  const row = await userRow(deps, user.id);
  if (row.totpEnabledAt) throw conflict('two_factor', 'Two-factor sign-in is already on; turn it off first to enrol another device');
  const secret = newTotpSecret();
  await deps.db
    .update(users)
    .set({ totpSecret: deps.secrets.seal(secret, secretContext(user.id)), totpLastStep: null, updatedAt: deps.now() })
    .where(eq(users.id, user.id));
  return { secret, otpauth_url: otpauthUrl(secret, row.email) };
}

/** Step two: the first code proves the app holds the secret; two-factor is on and ten recovery codes are answered, once. */
export async function confirm(deps: ModuleDeps, user: CurrentUser, code: string): Promise<{ recovery_codes: string[] }> {
  const row = await userRow(deps, user.id);
  if (row.totpEnabledAt) throw conflict('two_factor', 'Two-factor sign-in is already on');
  const secret = secretOf(deps, row);
  if (!secret) throw conflict('two_factor', 'Start the enrolment first');
  const now = deps.now();
  const step = acceptedStep(secret, code.trim(), now, null);
  if (step === null) throw badRequest('code', 'The code is not right; check the time on your phone and try the next one');
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: now, totpLastStep: step, updatedAt: now }).where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId: user.id, codeHash: recoveryCodeHash(c) })));
    await recordAudit(tx, { userId: user.id, action: 'enable_two_factor', entity: 'user', entityId: user.id });
  });
  return { recovery_codes: codes };
}

/**
 * A code proven for `row`: a TOTP code newer than the last one used (its step is recorded), or an
 * unused recovery code (used up). Answers how, or null when the code is neither. Run in the
 * transaction that acts on it, so two requests cannot both spend the same code.
 */
async function spendCode(deps: ModuleDeps, tx: Tx, row: User, code: string, now: Date): Promise<'totp' | 'recovery_code' | 'used' | null> {
  const typed = code.trim();
  const secret = secretOf(deps, row);
  if (secret && /^\d{6}$/.test(typed)) {
    const step = acceptedStep(secret, typed, now, row.totpLastStep);
    // The phone's current code, already spent (by the enrolment, or a sign-in in the same 30 s):
    // refused all the same, but its holder is told to wait for the next one rather than that it
    // is wrong, which is what a tester who had just enrolled met and took for a fault.
    if (step === null) return acceptedStep(secret, typed, now, null) === null ? null : 'used';
    const [taken] = await tx
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, row.id), row.totpLastStep === null ? isNull(users.totpLastStep) : eq(users.totpLastStep, row.totpLastStep)))
      .returning({ id: users.id });
    return taken ? 'totp' : 'used';
  }
  const [used] = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, row.id), eq(recoveryCodes.codeHash, recoveryCodeHash(typed)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used ? 'recovery_code' : null;
}

/**
 * Turning it off needs what signing in needs beyond the password: a current code or a recovery
 * code. The password is not enough, since whoever holds a stolen session may know it too; a user
 * who lost the phone and the recovery codes asks an admin (adminReset). A try counts toward the
 * sign-in throttle, like a code at sign-in.
 */
export async function disable(deps: ModuleDeps, user: CurrentUser, code: string, ip: string): Promise<void> {
  const row = await userRow(deps, user.id);
  if (!row.totpEnabledAt) throw conflict('two_factor', 'Two-factor sign-in is not on');
  if (user.role === 'admin' && (await requiredForAdmins(deps))) throw forbidden('The company requires two-factor sign-in for admins');
  const now = deps.now();
  const key = row.email.toLowerCase();
  await takeTry(deps.db, key, ip, now);
  const how = await deps.db.transaction(async (tx) => {
    const how = await spendCode(deps, tx, row, code, now);
    if (how !== 'totp' && how !== 'recovery_code') return how;
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now }).where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await recordAudit(tx, { userId: user.id, action: 'disable_two_factor', entity: 'user', entityId: user.id, data: { proof: how } });
    return how;
  });
  if (how === 'used') throw new HttpError(400, CODE_USED, { code: 'used' });
  if (!how) throw badRequest('code', 'The code is not right');
  await clearFailures(deps.db, key, ip);
}

/** An admin helps a user who lost their phone: two-factor off, recovery codes gone; audited. Never their own. */
export async function adminReset(deps: ModuleDeps, admin: CurrentUser, userId: number): Promise<void> {
  if (userId === admin.id) throw forbidden('Another admin must reset your two-factor sign-in');
  const row = await userRow(deps, userId);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: deps.now() }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await recordAudit(tx, { userId: admin.id, action: 'reset_two_factor', entity: 'user', entityId: userId, data: { was_on: row.totpEnabledAt !== null } });
  });
}

/** After a right password: the challenge the second step must bring back, within CHALLENGE_MINUTES, once. */
export async function startChallenge(deps: ModuleDeps, userId: number): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await deps.db.insert(twoFactorChallenges).values({
    userId,
    tokenHash: hashToken(challenge),
    expiresAt: new Date(deps.now().getTime() + CHALLENGE_MINUTES * 60_000),
  });
  return challenge;
}

/**
 * The second step. The throttle is the password's (same account and address): a wrong code is a
 * failed sign-in. Only a right code spends the challenge; `onVerified` runs in the same transaction
 * (it starts the session).
 */
export async function verify<T>(
  deps: ModuleDeps,
  challenge: string,
  code: string,
  ip: string,
  onVerified: (tx: Tx, user: User) => Promise<T>,
): Promise<T> {
  const now = deps.now();
  const expired = () => new HttpError(401, 'This sign-in has expired; sign in again', { challenge: 'expired' });
  const [pending] = await deps.db
    .select()
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.tokenHash, hashToken(challenge)), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, now)));
  if (!pending) throw expired();
  const row = await userRow(deps, pending.userId);
  if (!row.active || !row.totpEnabledAt) throw expired();
  const key = row.email.toLowerCase();
  await takeTry(deps.db, key, ip, now);
  const outcome = await deps.db.transaction(async (tx) => {
    const how = await spendCode(deps, tx, row, code, now);
    if (how === null || how === 'used') return how;
    const [spent] = await tx
      .update(twoFactorChallenges)
      .set({ usedAt: now })
      .where(and(eq(twoFactorChallenges.id, pending.id), isNull(twoFactorChallenges.usedAt)))
      .returning({ id: twoFactorChallenges.id });
    if (!spent) throw expired();
    if (how === 'recovery_code') await recordAudit(tx, { userId: row.id, action: 'use_recovery_code', entity: 'user', entityId: row.id });
    return { value: await onVerified(tx, row) };
  });
  if (outcome === 'used') throw new HttpError(401, CODE_USED, { code: 'used' });
  if (!outcome) throw new HttpError(401, 'The code is not right', { code: 'The code is not right' });
  await clearFailures(deps.db, key, ip);
  return outcome.value;
}

export async function saveSecuritySettings(deps: ModuleDeps, admin: CurrentUser, requireForAdmins: boolean) {
  const before = await requiredForAdmins(deps);
  // Turning the rule on while not enrolled would shut its author out at once.
  if (requireForAdmins && !before && !admin.twoFactorEnabled) {
    throw conflict('require_two_factor_for_admins', 'Turn on two-factor sign-in for yourself first');
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(securitySettings).set({ requireTwoFactorForAdmins: requireForAdmins, updatedAt: deps.now() }).where(eq(securitySettings.id, 1));
    await recordAudit(tx, {
      userId: admin.id,
      action: 'update',
      entity: 'security_settings',
      entityId: 1,
      before: { require_two_factor_for_admins: before },
      after: { require_two_factor_for_admins: requireForAdmins },
    });
  });
  return { require_two_factor_for_admins: requireForAdmins };
}
