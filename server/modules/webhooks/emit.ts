import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { WebhookEvent } from '../../../shared/webhooks/events';

export const WEBHOOK_JOB = 'webhook_delivery';
/** Tries per delivery: with the worker's back-off (5 s doubling, ±20 %) the last is about ten minutes after the first. */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/**
 * The common table expressions that queue an event for every active endpoint subscribed to it: a
 * delivery row each (its id, the body's `id`, fixed here for every try) and a job each. As CTEs
 * they join a statement that is itself the change (`insertNewOrder`), so the event exists exactly
 * when the change does, and an event nobody subscribes to costs one index-free scan of a tiny table.
 * `data` is a jsonb expression; `from` names what it reads (a CTE of the surrounding statement).
 */
export function webhookEventCtes(event: WebhookEvent, data: SQL, from?: SQL): SQL {
  return sql`webhook_deliveries_new as (
    insert into ${webhookDeliveries} (id, endpoint_id, event, data)
    select gen_random_uuid()::text, e.id, ${event}::text, ${data}
    from ${webhookEndpoints} e${from ? sql`, ${from}` : sql``}
    where e.active and ${event}::text = any(e.events)
    returning id
  ), webhook_jobs_new as (
    insert into ${jobs} (kind, payload, ref, max_attempts, run_at)
    select ${WEBHOOK_JOB}::text, jsonb_build_object('delivery_id', d.id), 'webhook:' || d.id, ${WEBHOOK_MAX_ATTEMPTS}::int, date_trunc('milliseconds', now())
    from webhook_deliveries_new d
  )`;
}

/**
 * Queues an event in the caller's transaction (the outbox pattern, as mail does): call it beside
 * the write that is the event. The job worker delivers it with retries (deliver.ts).
 */
export async function emitWebhook(tx: Db | Tx, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  await emitWebhooks(tx, event, [data]);
}

/** Many events of one kind in one statement (an import's new clients). */
export async function emitWebhooks(tx: Db | Tx, event: WebhookEvent, list: Record<string, unknown>[]): Promise<void> {
  if (list.length === 0) return;
  await tx.execute(sql`with ${webhookEventCtes(event, sql`item.value`, sql`jsonb_array_elements(${JSON.stringify(list)}::jsonb) item`)} select 1`);
}
