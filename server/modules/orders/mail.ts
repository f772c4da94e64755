import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clients, orders } from '../../db/schema';
import { escapeHtml } from '../../mail/escape';
import { queueMail } from '../../mail/queue';

export const trackingLink = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/ext/track/order/${token}`;

/**
 * Tells the client its order is on the way, with the public tracking link. Queued in the status
 * change's own transaction: a mail server that is down delays the mail, never loses it.
 */
export async function queueDispatchedMail(tx: Tx, publicUrl: string, orderId: number): Promise<void> {
  const [row] = await tx
    .select({
      email: clients.email,
      name: clients.name,
      reference: orders.reference,
      token: orders.token,
      courierName: orders.courierName,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(eq(orders.id, orderId));
  if (!row?.email) return;
  const link = trackingLink(publicUrl, row.token);
  const courier = [row.courierName, row.trackingNumber].filter(Boolean).join(', tracking number ');
  const text = [
    `Hello ${row.name},`,
    '',
    `Your order ${row.reference} has been dispatched${courier ? ` with ${courier}` : ''}.`,
    `Follow it here: ${link}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(row.name)},</p><p>Your order <strong>${escapeHtml(row.reference)}</strong> has been dispatched${
    courier ? ` with ${escapeHtml(courier)}` : ''
  }.</p><p><a href="${escapeHtml(link)}">Track your order</a></p>`;
  await queueMail(tx, { to: row.email, subject: `Order ${row.reference} is on its way`, text, html }, { ref: `order:${orderId}` });
}
