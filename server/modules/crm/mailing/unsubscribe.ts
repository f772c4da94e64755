import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailingDeliveries, unsubscribes } from '../../../db/schema';
import { mailingKey } from './signingKeys';
import { notFound } from '../../../http/errors';

const KEY_NAME = 'unsubscribe';
const unsubscribeKey = (db: Db) => mailingKey(db, KEY_NAME);

function signature(key: Buffer, deliveryId: number): string {
  return createHmac('sha256', key).update(`unsubscribe:${deliveryId}`).digest('base64url').slice(0, 32);
}

/**
 * `<delivery id>.<HMAC>`: unguessable (192 bits of HMAC-SHA256), the same on a repeated message,
 * and nothing stored per message. It names the delivery, hence the client and the send.
 */
export async function unsubscribeToken(db: Db, deliveryId: number): Promise<string> {
  return `${deliveryId}.${signature(await unsubscribeKey(db), deliveryId)}`;
}

async function deliveryOf(db: Db, token: string) {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) throw notFound('Unsubscribe link');
  const deliveryId = Number(match[1]);
  const expected = Buffer.from(signature(await unsubscribeKey(db), deliveryId));
  const given = Buffer.from(match[2]);
  if (!timingSafeEqual(expected, given)) throw notFound('Unsubscribe link');
  const [row] = await db
    .select({ clientId: mailingDeliveries.clientId, sendId: mailingDeliveries.sendId, email: mailingDeliveries.email })
    .from(mailingDeliveries)
    .where(eq(mailingDeliveries.id, deliveryId));
  if (!row) throw notFound('Unsubscribe link');
  return row;
}

/** `a••••@example.com`: enough for the owner to recognise, nothing for someone who found the link. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!domain) return '••••';
  return `${local.slice(0, 1)}••••@${domain}`;
}

/** GET `crm/unsubscribe?token=`: who the link is for (masked) and whether it has been used. */
export async function describeUnsubscribe(db: Db, token: string) {
  const delivery = await deliveryOf(db, token);
  const [done] = await db.select({ at: unsubscribes.at }).from(unsubscribes).where(eq(unsubscribes.clientId, delivery.clientId));
  return { email_masked: maskEmail(delivery.email), unsubscribed: Boolean(done) };
}

/** POST `crm/unsubscribe?token=` (the page's button, or RFC 8058 one-click from the mail client). */
export async function unsubscribe(db: Db, token: string, via: 'link' | 'one-click') {
  const delivery = await deliveryOf(db, token);
  await db.insert(unsubscribes).values({ clientId: delivery.clientId, via, sendId: delivery.sendId }).onConflictDoNothing();
  return { email_masked: maskEmail(delivery.email), unsubscribed: true };
}
