import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { type BounceType, bounceSources, clients, emailDeliverability, mailBounces, unsubscribes } from '../../../db/schema';
import { recordAudit } from '../../../audit/record';
import { notFound } from '../../../http/errors';
import { rowsOf } from '../../../db/rows';

import { SOFT_BOUNCE_LIMIT } from '../../../../shared/mailing/deliverability';

export { SOFT_BOUNCE_LIMIT };

export interface BounceReport {
  email: string;
  type: BounceType;
  reason: string;
  source: (typeof bounceSources)[number];
  /** The request's signature: the same one again (a replay inside the time window) changes nothing. */
  signature?: string;
}

export interface BounceOutcome {
  /** This exact report was received before; nothing was changed. */
  duplicate: boolean;
  undeliverable: boolean;
  /** Members unsubscribed by a complaint. */
  unsubscribed: number;
  /** The send the bounce is counted against: the latest one that mailed the address. */
  send_id: number | null;
}

/** The normal form addresses are kept in: bounces name addresses in any case. */
export const addressKey = (email: string) => email.trim().toLowerCase();

/**
 * The latest send that delivered to the address's member. Walks the sends newest first through the
 * (send, client) index: one lookup per send, not a scan of every delivery.
 */
async function latestSendTo(tx: Tx, email: string): Promise<number | null> {
  const [row] = rowsOf<{ send_id: number }>(
    await tx.execute(sql`select d.send_id from mailing_sends s
      join mailing_deliveries d on d.send_id = s.id
        and d.client_id in (select id from ${clients} where lower(email) = ${email} and email <> '' and archived_at is null)
      where d.status = 'sent'
      order by s.id desc limit 1`),
  );
  return row ? Number(row.send_id) : null;
}

/**
 * Records a bounce or complaint, in one transaction with its audit entry. A hard bounce makes the
 * address undeliverable at once, a soft one at SOFT_BOUNCE_LIMIT; a complaint unsubscribes the
 * members with that address from list mail (they said it was spam: no more campaigns).
 */
export async function recordBounce(db: Db, report: BounceReport, now: Date): Promise<BounceOutcome> {
  const email = addressKey(report.email);
  const reason = report.reason.trim().slice(0, 1000);
  return db.transaction(async (tx) => {
    const sendId = await latestSendTo(tx, email);
    const [logged] = await tx
      .insert(mailBounces)
      .values({ email, type: report.type, reason, source: report.source, sendId, signature: report.signature ?? null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: mailBounces.id });
    if (!logged) return { duplicate: true, undeliverable: false, unsubscribed: 0, send_id: sendId };

    let undeliverable = false;
    let unsubscribed = 0;
    if (report.type === 'complaint') {
      const members = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(sql`lower(${clients.email}) = ${email}`, isNull(clients.archivedAt)));
      if (members.length) {
        const rows = await tx
          .insert(unsubscribes)
          .values(members.map((m) => ({ clientId: m.id, via: 'complaint' as const, sendId, at: now })))
          .onConflictDoNothing()
          .returning({ id: unsubscribes.clientId });
        unsubscribed = rows.length;
      }
    } else {
      const hard = report.type === 'hard';
      const [row] = await tx
        .insert(emailDeliverability)
        .values({ email, softBounces: hard ? 0 : 1, undeliverableAt: hard || SOFT_BOUNCE_LIMIT <= 1 ? now : null, reason, lastType: report.type, lastAt: now })
        .onConflictDoUpdate({
          target: emailDeliverability.email,
          set: {
            softBounces: hard ? sql`${emailDeliverability.softBounces}` : sql`${emailDeliverability.softBounces} + 1`,
            // Once undeliverable an address stays so (with its first reason) until its member's email changes.
            undeliverableAt: hard
              ? sql`coalesce(${emailDeliverability.undeliverableAt}, ${now})`
              : sql`coalesce(${emailDeliverability.undeliverableAt}, case when ${emailDeliverability.softBounces} + 1 >= ${SOFT_BOUNCE_LIMIT} then ${now}::timestamptz end)`,
            reason: sql`case when ${emailDeliverability.undeliverableAt} is null then ${reason} else ${emailDeliverability.reason} end`,
            lastType: report.type,
            lastAt: now,
          },
        })
        .returning({ undeliverableAt: emailDeliverability.undeliverableAt });
      undeliverable = row.undeliverableAt !== null;
    }
    await recordAudit(tx, {
      userId: null,
      action: `mail_${report.type === 'complaint' ? 'complaint' : 'bounce'}`,
      entity: 'email',
      entityId: email,
      data: { type: report.type, reason, source: report.source, send_id: sendId, undeliverable, unsubscribed },
    });
    return { duplicate: false, undeliverable, unsubscribed, send_id: sendId };
  });
}

/**
 * A member's email changed: what was known about the old address no longer says anything about
 * the member (the new address gets its own chance). Called in the save's transaction.
 */
export async function forgetAddress(tx: Tx, email: string): Promise<void> {
  const key = addressKey(email);
  if (key) await tx.delete(emailDeliverability).where(eq(emailDeliverability.email, key));
}

/** `crm/clientdeliverability`: whether list mail reaches a member, and why not, for the member's page. */
export async function clientDeliverability(db: Db, clientId: number) {
  const [client] = await db.select({ id: clients.id, email: clients.email }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw notFound('Member');
  const key = addressKey(client.email);
  const [[state], [unsubscribed]] = await Promise.all([
    key ? db.select().from(emailDeliverability).where(eq(emailDeliverability.email, key)) : Promise.resolve([]),
    db.select().from(unsubscribes).where(eq(unsubscribes.clientId, clientId)),
  ]);
  return {
    client_id: client.id,
    email: client.email,
    undeliverable: Boolean(state?.undeliverableAt),
    undeliverable_at: state?.undeliverableAt?.toISOString() ?? null,
    reason: state?.reason ?? null,
    soft_bounces: state?.softBounces ?? 0,
    last_bounce_type: state?.lastType ?? null,
    last_bounce_at: state?.lastAt.toISOString() ?? null,
    unsubscribed: Boolean(unsubscribed),
    unsubscribed_via: unsubscribed?.via ?? null,
    unsubscribed_at: unsubscribed?.at.toISOString() ?? null,
  };
}
