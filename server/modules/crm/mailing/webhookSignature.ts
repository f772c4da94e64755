import { createHmac } from 'node:crypto';
import { HttpError } from '../../../http/errors';
import { assertFreshTimestamp, replayKeyOf, sameHexDigest } from '../../../http/signedWebhook';

/**
 * Mailgun's webhook signature, carried in the body: hex HMAC-SHA256 of `timestamp + token` with
 * the HTTP webhook signing key (https://documentation.mailgun.com/docs/mailgun/user-manual/events/webhooks/#securing-webhooks).
 * Compared on its bytes in constant time; answers the replay key, from what Mailgun signed
 * (timestamp and token), never from the signature's text.
 */
export function verifyMailgunSignature(secret: string, signed: { timestamp: string; token: string; signature: string }, now: Date): string {
  assertFreshTimestamp('signature.timestamp', signed.timestamp, now);
  const expected = createHmac('sha256', secret).update(signed.timestamp + signed.token).digest();
  if (!sameHexDigest(expected, signed.signature)) {
    throw new HttpError(401, 'signature.signature does not match', { 'signature.signature': 'signature.signature does not match' });
  }
  return replayKeyOf('mailgun', signed.timestamp, signed.token);
}
