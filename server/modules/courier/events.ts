import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courierEvents } from '../../db/schema';
import { recordAudit } from '../../audit/record';
import { conflict } from '../../http/errors';
import { SIGNATURE_HEADER } from '../../http/signedWebhook';
import { rowsOf } from '../../db/rows';
import { allWaybills } from './waybills';
import type { CourierEventBody } from './schemas';

export interface CourierEventOutcome {
  id: number;
  duplicate: boolean;
  orders: number;
}

/**
 * One courier event, in one transaction: stored (whether or not an order carries the waybill
 * yet: couriers report a waybill as soon as they print it, often before staff type it in), the
 * orders carrying it told on the live stream (their open screens refetch), and the audit entry.
 *
 * A repeat is one event: the same signed request again (its replay key) is refused 409; the same
 * (waybill, status, at) in a newly signed request, as a courier's retry after a lost answer is, is
 * answered `duplicate` and changes nothing, so the courier stops retrying.
 */
export async function recordCourierEvent(db: Db, input: CourierEventBody, replayKey: string, now: Date): Promise<CourierEventOutcome> {
  const waybill = input.waybill.trim();
  const status = input.status.trim();
  const at = new Date(input.at);
  const location = (input.location ?? '').trim();
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(courierEvents)
      .values({ waybill, status, at, location, signature: replayKey, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: courierEvents.id });
    if (!stored) {
      // Waits for a concurrent copy's commit (the unique index did), so this read sees its row.
      const [replay] = await tx.select({ id: courierEvents.id }).from(courierEvents).where(eq(courierEvents.signature, replayKey));
      if (replay) throw conflict(SIGNATURE_HEADER, 'This signed request was already received: each is accepted once');
      const [same] = await tx
        .select({ id: courierEvents.id })
        .from(courierEvents)
        .where(and(eq(courierEvents.waybill, waybill), eq(courierEvents.status, status), eq(courierEvents.at, at)));
      return { id: same.id, duplicate: true, orders: 0 };
    }
    // The orders' own live event (migration 0015's function), sent at commit and not at all on a rollback.
    const told = rowsOf<{ id: number }>(
      await tx.execute(sql`select c.id, portal_send_event('orders', 'updated', c.id, c.client_id, null)
        from (select distinct o.id, o.client_id from ${allWaybills()} w join orders o on o.id = w.order_id where w.waybill = ${waybill}) c order by c.id`),
    );
    const orderIds = told.map((row) => Number(row.id));
    await recordAudit(tx, {
      userId: null,
      action: 'courier_event',
      entity: 'courier_event',
      entityId: stored.id,
      data: { waybill, status, at: at.toISOString(), location, order_ids: orderIds },
    });
    return { id: stored.id, duplicate: false, orders: orderIds.length };
  });
}
