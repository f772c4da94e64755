import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TIMESTAMP_HEADER = 'X-Portal-Timestamp';
export const SIGNATURE_HEADER = 'X-Portal-Signature';

/** A new endpoint secret: 32 random bytes, with a prefix that says what it is when it turns up in a log. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The signature a receiver checks (see docs/webhooks.md): hex HMAC-SHA256, keyed with the endpoint's secret, of
 * `timestamp + '.' + raw body`, the timestamp in Unix seconds (sent as X-Portal-Timestamp). The
 * timestamp inside the signed text lets a receiver refuse an old request replayed.
 */
export function webhookSignature(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** What a receiver does (the tests and the bench receive this way). */
export function verifyWebhookSignature(secret: string, timestamp: string, rawBody: string, signature: string): boolean {
  const expected = Buffer.from(webhookSignature(secret, Number(timestamp), rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
