import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from './errors';

/**
 * Inbound webhooks signed the portal's way (bounces now; courier and payment notifications reuse
 * it): `X-Portal-Timestamp` is Unix seconds, `X-Portal-Signature` the hex HMAC-SHA256 of
 * `timestamp + "." + raw body` with the route's secret.
 *
 * - The signature is compared on its decoded bytes in constant time: a byte-by-byte string compare
 *   leaks how much matched, and comparing text would make "AB" and "ab" different signatures.
 * - A request is known again by WHAT WAS SIGNED (a hash of timestamp and body), never by the
 *   signature's text: anyone can rewrite the hex in capitals, nobody can change the signed bytes.
 *   The caller stores `replayKey` under a unique constraint in the same transaction as its effect,
 *   so a replay inside the window changes nothing and a failed effect leaves the key unspent.
 * - Outside the window (either way) a request is refused, so the replay store need only remember
 *   a window's worth.
 */
export const TIMESTAMP_HEADER = 'x-portal-timestamp';
export const SIGNATURE_HEADER = 'x-portal-signature';
export const SIGNED_WEBHOOK_WINDOW_SECONDS = 300;

/** The two headers as a route's schema declares them (optional there: their absence is a 401 naming them, not a 400). */
export const SignedWebhookHeaders = Type.Object({
  [TIMESTAMP_HEADER]: Type.Optional(Type.String({ maxLength: 20 })),
  [SIGNATURE_HEADER]: Type.Optional(Type.String({ maxLength: 200 })),
});

/**
 * The secret of a webhook, or a 404 saying which variable is unset: without its secret the route
 * is not there for this installation, and nothing but its configuration will change that.
 */
export function secretOrOff(secret: string | null, what: string, variable: string): string {
  if (!secret) throw new HttpError(404, `The ${what} webhook is off: ${variable} is not set`);
  return secret;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's exact bytes, on the signed webhook routes only: their signature is over them. */
    rawBody?: Buffer;
    /** Set once the signature is verified: the key a replay of this request would have. */
    signedWebhook?: VerifiedWebhook;
  }
}

export interface VerifiedWebhook {
  timestamp: number;
  /** sha256 hex of `timestamp + "." + raw body`, prefixed with the webhook's name. */
  replayKey: string;
}

export interface SignedWebhookOptions {
  /** Names the webhook in the replay key, so two webhooks' keys never collide. */
  name: string;
  /** Read at each request; undefined when the installation has not set it (the caller decides the answer). */
  secret: () => string;
  now: () => Date;
  windowSeconds?: number;
}

const refuse = (field: string, message: string) => new HttpError(401, message, { [field]: message });

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** Equal HMAC-SHA256 hex digests by their bytes, in constant time; a wrong length or non-hex never matches. */
export function sameHexDigest(expected: Buffer, given: string): boolean {
  if (!HEX_SHA256.test(given)) return false;
  const bytes = Buffer.from(given, 'hex');
  return bytes.length === expected.length && timingSafeEqual(expected, bytes);
}

/** Unix seconds within the window of `now`, or a 401 naming the field. */
export function assertFreshTimestamp(field: string, timestamp: string | undefined, now: Date, windowSeconds = SIGNED_WEBHOOK_WINDOW_SECONDS): number {
  if (!timestamp) throw refuse(field, `${field} is required`);
  if (!/^\d{1,12}$/.test(timestamp)) throw refuse(field, `${field} must be Unix seconds`);
  const seconds = Number(timestamp);
  if (Math.abs(now.getTime() / 1000 - seconds) > windowSeconds) {
    throw refuse(field, `${field} is more than ${windowSeconds / 60} minutes from the server's time`);
  }
  return seconds;
}

/** The key a replay is known by: what was signed, hashed. */
export function replayKeyOf(name: string, ...signed: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  signed.forEach((part, i) => {
    if (i > 0) hash.update('.');
    hash.update(part);
  });
  return `${name}:${hash.digest('hex')}`;
}

/**
 * Verifies one request's headers and body; throws a 401 naming the header at fault. The secret is
 * asked for first: a route without one is not there for this installation (its 404), whatever the
 * request carries.
 */
export function verifySignedWebhook(options: SignedWebhookOptions, headers: Record<string, unknown>, rawBody: Buffer): VerifiedWebhook {
  const secret = options.secret();
  const header = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : undefined);
  const signature = header(SIGNATURE_HEADER);
  if (!signature) throw refuse(SIGNATURE_HEADER, 'X-Portal-Signature is required');
  const timestamp = header(TIMESTAMP_HEADER);
  const seconds = assertFreshTimestamp(TIMESTAMP_HEADER, timestamp, options.now(), options.windowSeconds);
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  if (!sameHexDigest(expected, signature)) throw refuse(SIGNATURE_HEADER, 'X-Portal-Signature does not match the body');
  return { timestamp: seconds, replayKey: replayKeyOf(options.name, String(timestamp), rawBody) };
}

/**
 * Makes the routes of this (encapsulated) plugin keep the exact JSON bytes (`request.rawBody`) and
 * parse them; a body that is not JSON is left undefined for the schema to refuse (400) after the
 * signature check, which answers first.
 */
export function keepRawJsonBodies(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    try {
      done(null, JSON.parse(raw.toString('utf8')));
    } catch {
      done(null, undefined);
    }
  });
}

/**
 * The route hook (`preValidation`): verifies the request and leaves `request.signedWebhook` for
 * the handler, which stores its replay key with its effect. Register `keepRawJsonBodies` in the
 * same plugin.
 */
export function signedWebhook(options: SignedWebhookOptions) {
  return async (request: FastifyRequest): Promise<void> => {
    request.signedWebhook = verifySignedWebhook(options, request.headers, request.rawBody ?? Buffer.alloc(0));
  };
}
