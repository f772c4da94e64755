import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { jobs, orders } from '../../db/schema';
import { ordersAr } from '../../../i18n/orders/ar';
import { ordersEn } from '../../../i18n/orders/en';
import { ordersEs } from '../../../i18n/orders/es';
import { ordersFr } from '../../../i18n/orders/fr';
import { ordersZh } from '../../../i18n/orders/zh';
import { money } from '../billing/pdf/format';
import type { MailLocale } from '../../mail/templates';
import type { OrderStatus } from '../orders/workflow';
import { queueAutomaticMail } from './send';

/**
 * The events that send automatic mail, each called inside the event's own transaction. Every
 * dedupe key names the event itself, so the mail exists exactly once per event.
 */

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A membership became active (from any other status, or a member created active). The key is the
 * client and the day it became active: a second save, a retried call or a second instance that
 * raced the first finds it taken.
 */
export function queueMembershipWelcome(tx: Tx, publicUrl: string, clientId: number, now: Date) {
  return queueAutomaticMail(tx, {
    kind: 'membership_welcome',
    clientId,
    values: { date: day(now) },
    link: `${publicUrl}/login`,
    dedupeKey: `welcome:client:${clientId}:${day(now)}`,
    ref: `client:${clientId}`,
  });
}

/** `before` is the status the membership had (undefined for a member just created). */
export async function queueWelcomeIfActivated(tx: Tx, publicUrl: string, clientId: number, before: string | undefined, after: string, now: Date) {
  if (after === 'active' && before !== 'active') await queueMembershipWelcome(tx, publicUrl, clientId, now);
}

/** A reminder before (30, 7) or on (0) the expiry day; the key keeps the one the reminders always had. */
export function queueRenewalMail(tx: Tx, publicUrl: string, clientId: number, expiresAt: Date, days: 30 | 7 | 0) {
  const date = day(expiresAt);
  return queueAutomaticMail(tx, {
    kind: `renewal_${days}`,
    clientId,
    values: { days, date },
    link: `${publicUrl}/login`,
    dedupeKey: `renewal:${clientId}:${date}:${days}`,
    ref: `client:${clientId}`,
  });
}

const statusNames: Record<MailLocale, Record<OrderStatus, string>> = {
  en: ordersEn.orders.status,
  ar: ordersAr.orders.status,
  es: ordersEs.orders.status,
  fr: ordersFr.orders.status,
  zh: ordersZh.orders.status,
};

/** The order's facts for its mail; with `pending`, also whether its confirmation job is queued and has not yet queued the mail. */
async function orderFacts(tx: Db | Tx, orderId: number, pending = false) {
  const [order] = await tx
    .select({
      clientId: orders.clientId,
      reference: orders.reference,
      total: orders.total,
      confirmationPending: pending
        ? sql<boolean>`exists (select 1 from ${jobs} where ${jobs.dedupeKey} = ${orderConfirmationJobKey(orderId)})
        and not exists (select 1 from ${jobs} where ${jobs.dedupeKey} = ${orderConfirmationKey(orderId)})`
        : sql<boolean>`false`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** The confirmation mail's dedupe key, and (a prefix to the order's id) its job's (automail/orderConfirmation.ts). */
const orderConfirmationKey = (orderId: number) => `order_confirmation:${orderId}`;
export const ORDER_CONFIRMATION_JOB_KEY = 'automail-job:order_confirmation:';
const orderConfirmationJobKey = (orderId: number) => `${ORDER_CONFIRMATION_JOB_KEY}${orderId}`;

const orderLink = (publicUrl: string, orderId: number) => `${publicUrl}/client/view/order/${orderId}`;

/** An order was placed for the member (by itself, its rep or the company). */
export async function queueOrderConfirmation(tx: Db | Tx, publicUrl: string, orderId: number) {
  const order = await orderFacts(tx, orderId);
  if (!order) return null;
  return queueAutomaticMail(tx, {
    kind: 'order_confirmation',
    clientId: order.clientId,
    values: { reference: order.reference, total: money(order.total) },
    link: orderLink(publicUrl, orderId),
    dedupeKey: orderConfirmationKey(orderId),
    ref: `order:${orderId}`,
  });
}

/**
 * An order moved to `status`. The workflow only moves forward, so an order reaches each status
 * once: the key (order, status) is the event. The status is named in the member's language, which
 * queueAutomaticMail knows only after its read: the value is filled per language below.
 */
export async function queueOrderStatusMail(tx: Tx, publicUrl: string, orderId: number, status: OrderStatus) {
  const order = await orderFacts(tx, orderId, true);
  if (!order) return null;
  // A step taken before the order's confirmation job ran: the confirmation is queued first, so the
  // member hears of the order before its progress (the job then finds it queued).
  if (order.confirmationPending) await queueOrderConfirmation(tx, publicUrl, orderId);
  return queueAutomaticMail(tx, {
    kind: 'order_status',
    clientId: order.clientId,
    values: { reference: order.reference, total: money(order.total), status: (locale: MailLocale) => statusNames[locale][status] },
    link: orderLink(publicUrl, orderId),
    dedupeKey: `order_status:${orderId}:${status}`,
    ref: `order:${orderId}`,
  });
}
