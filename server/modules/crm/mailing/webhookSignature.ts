import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../../http/errors';

/** A signed request older (or further ahead) than this is refused: a captured one cannot be replayed later. */
export const REPLAY_WINDOW_SECONDS = 300;

const refuse = (field: string, message: string) => new HttpError(401, message, { [field]: message });

/** Equal hex digests, compared in constant time (a byte-by-byte compare leaks how much matched). */
function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

function assertFresh(field: string, timestamp: string | undefined, now: Date): void {
  if (!timestamp) throw refuse(field, `${field} is required`);
  if (!/^\d{1,12}$/.test(timestamp)) throw refuse(field, `${field} must be Unix seconds`);
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS) {
    throw refuse(field, `${field} is more than ${REPLAY_WINDOW_SECONDS / 60} minutes from the server's time`);
  }
}

/**
 * The portal's own webhook signature: `X-Portal-Signature` is the hex HMAC-SHA256 of
 * `timestamp + '.' + raw body` with BOUNCE_WEBHOOK_SECRET, `X-Portal-Timestamp` Unix seconds.
 * Throws a 401 naming the header at fault.
 */
export function verifyPortalSignature(secret: string, headers: { timestamp?: string; signature?: string }, rawBody: Buffer, now: Date): void {
  if (!headers.signature) throw refuse('x-portal-signature', 'X-Portal-Signature is required');
  assertFresh('x-portal-timestamp', headers.timestamp, now);
  const expected = createHmac('sha256', secret).update(`${headers.timestamp}.`).update(rawBody).digest('hex');
  if (!sameHex(expected, headers.signature)) throw refuse('x-portal-signature', 'X-Portal-Signature does not match the body');
}

/**
 * Mailgun's webhook signature, carried in the body: hex HMAC-SHA256 of `timestamp + token` with
 * the HTTP webhook signing key (https://documentation.mailgun.com/docs/mailgun/user-manual/events/webhooks/#securing-webhooks).
 */
export function verifyMailgunSignature(secret: string, signed: { timestamp: string; token: string; signature: string }, now: Date): void {
  assertFresh('signature.timestamp', signed.timestamp, now);
  const expected = createHmac('sha256', secret).update(signed.timestamp + signed.token).digest('hex');
  if (!sameHex(expected, signed.signature)) throw refuse('signature.signature', 'signature.signature does not match');
}
