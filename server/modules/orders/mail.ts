import { escapeHtml } from '../../mail/escape';
import type { ModuleDeps } from '../deps';
import { clients } from '../../db/schema';
import { eq } from 'drizzle-orm';
import type { OrderRecord } from './schemas';

export const trackingLink = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/ext/track/order/${token}`;

/**
 * Tells the client its order is on the way, with the public tracking link. The status change has
 * already been committed: a mail server that is down must not undo it, so a failure is logged.
 */
export async function sendDispatchedMail(deps: ModuleDeps, order: OrderRecord): Promise<void> {
  const [client] = await deps.db.select({ email: clients.email, name: clients.name }).from(clients).where(eq(clients.id, order.client_id));
  if (!client?.email) return;
  const link = trackingLink(deps.publicUrl, order.token);
  const courier = [order.courier_name, order.tracking_number].filter(Boolean).join(', tracking number ');
  const text = [
    `Hello ${client.name},`,
    '',
    `Your order ${order.reference} has been dispatched${courier ? ` with ${courier}` : ''}.`,
    `Follow it here: ${link}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(client.name)},</p><p>Your order <strong>${escapeHtml(order.reference)}</strong> has been dispatched${
    courier ? ` with ${escapeHtml(courier)}` : ''
  }.</p><p><a href="${escapeHtml(link)}">Track your order</a></p>`;
  try {
    await deps.mailer.send({ to: client.email, subject: `Order ${order.reference} is on its way`, text, html });
  } catch (error) {
    console.error(`The dispatch email of order ${order.reference} could not be sent`, error);
  }
}
