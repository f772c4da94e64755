import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) through `otpauth`: SHA-1, 6 digits, 30-second steps — what every authenticator
 * app reads from the QR code. A code is accepted one step either side of now (clock drift), and
 * only for a step after the last one accepted, so a code seen over a shoulder cannot be replayed.
 */
const ISSUER = 'Members Portal';
const PERIOD = 30;

export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label = '') {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD });
}

export function otpauthUrl(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** The time step a code belongs to when it is good now and newer than `lastStep`; null otherwise. */
export function acceptedStep(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now.getTime() }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code an authenticator shows at `now` (tests and the demo). */
export function totpCode(secret: string, now: Date): string {
  return totpFor(secret).generate({ timestamp: now.getTime() });
}

/** Ten codes like `k7m2-q9xa-4hpt` (60 bits each): random enough that a fast hash is the right store. */
export function newRecoveryCodes(): string[] {
  // 32 signs (no i, l or o to misread): five random bits each, no bias.
  const alphabet = 'abcdefghjkmnpqrstuvwxyz023456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = Array.from(bytes, (byte) => alphabet[byte & 31]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** Spaces, dashes and case do not matter when a recovery code is typed back. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}
