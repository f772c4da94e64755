import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { jobs } from '../../db/schema';
import type { JobHandler } from '../../jobs/worker';
import { enqueue } from '../../jobs/queue';
import type { StatementSource } from '../../events/domain';
import { ORDER_CONFIRMATION_JOB_KEY, queueOrderConfirmation } from './events';

export const ORDER_CONFIRMATION_JOB = 'automail_order_confirmation';

/**
 * The member's order confirmation, as a part of the statement that inserts the order (its
 * `order.created` event, `data` read from `from`): a job naming the order, so the confirmation
 * exists exactly when the order does, and `orders/create` stays one statement with no transaction
 * round trips. The job writes the mail itself (reading the member's address, language, template
 * and choice) through the queue, under the mail's own dedupe key: a job run twice (a kill -9
 * before it was marked done) queues it once. The membership fee's order gets none.
 */
export function orderConfirmationCte({ data, from }: StatementSource): SQL {
  return sql`order_confirmation_job as (
    insert into ${jobs} (kind, payload, dedupe_key, ref, run_at)
    select ${ORDER_CONFIRMATION_JOB}::text, jsonb_build_object('order_id', (${data}->>'id')::int), ${ORDER_CONFIRMATION_JOB_KEY}::text || (${data}->>'id'), 'order:' || (${data}->>'id'), date_trunc('milliseconds', now())
    from ${from}
    where not (${data}->>'membership_fee')::boolean
  )`;
}

/** The same job for an order told outside a statement. */
export async function queueOrderConfirmationJob(tx: Tx, orderId: number): Promise<void> {
  await enqueue(tx, { kind: ORDER_CONFIRMATION_JOB, payload: { order_id: orderId }, dedupeKey: `${ORDER_CONFIRMATION_JOB_KEY}${orderId}`, ref: `order:${orderId}` });
}

export function orderConfirmationHandler(deps: { db: Db; publicUrl: string }): JobHandler {
  return {
    kind: ORDER_CONFIRMATION_JOB,
    async run(job) {
      const { order_id: orderId } = job.payload as { order_id: number };
      // No transaction: two reads and one insert (the mail's job, under its dedupe key) need none,
      // and a transaction's begin and commit were two of the job's five round trips.
      await queueOrderConfirmation(deps.db, deps.publicUrl, orderId);
    },
  };
}
