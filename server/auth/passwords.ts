import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt with OWASP's recommended cost (N=2^17, r=8, p=1: 128 MiB, a few hundred ms). The
 * parameters are stored in the hash so they can be raised later without breaking old hashes.
 *
 * Under the test runner (Vitest sets NODE_ENV=test, which no portal process runs with) the cost
 * is 2^12, as Django's documentation advises for test settings: the API suite signs in and makes
 * users hundreds of times, and at the real cost each one took 0.8 CPU-s, half of some files' time
 * on CI's two cores. What is tested is the same code with a smaller N; the hash carries its N, so
 * verifying is unchanged. Every portal process (development, production, the CLI, the browser
 * tests' server) hashes at the real cost, which a test checks.
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  return env.NODE_ENV === 'test' ? 2 ** 12 : 2 ** 17;
}
const N = scryptCost();
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export const MIN_PASSWORD_LENGTH = 12;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of nothing in particular, checked against when the email is unknown so both answers take as long. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
