import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import type { JobHandler } from '../../jobs/worker';
import { ORDER_CONFIRMATION_JOB_KEY, queueOrderConfirmation } from './events';

export const ORDER_CONFIRMATION_JOB = 'automail_order_confirmation';


/**
 * The member's order confirmation, as a part of the statement that inserts the order (`o`, a CTE
 * answering the order's id): a job naming the order, so the confirmation exists exactly when the
 * order does, and `orders/create` stays one statement with no transaction round trips. The job
 * writes the mail itself (reading the member's address, language, template and choice) through
 * the queue, under the mail's own dedupe key: a job run twice (a kill -9 before it was marked
 * done) queues it once.
 */
export function orderConfirmationCte(): SQL {
  return sql`order_confirmation_job as (
    insert into ${jobs} (kind, payload, dedupe_key, ref, run_at)
    select ${ORDER_CONFIRMATION_JOB}::text, jsonb_build_object('order_id', o.id), ${ORDER_CONFIRMATION_JOB_KEY}::text || o.id, 'order:' || o.id, date_trunc('milliseconds', now())
    from o
  )`;
}

export function orderConfirmationHandler(deps: { db: Db; publicUrl: string }): JobHandler {
  return {
    kind: ORDER_CONFIRMATION_JOB,
    async run(job) {
      const { order_id: orderId } = job.payload as { order_id: number };
      await deps.db.transaction((tx) => queueOrderConfirmation(tx, deps.publicUrl, orderId));
    },
  };
}
