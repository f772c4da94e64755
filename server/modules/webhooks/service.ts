import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { type WebhookDelivery, type WebhookEndpoint, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import type { SecretBox } from '../../auth/secretBox';
import { recordAudit } from '../../audit/record';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type ListParams, idsCondition, orderByOf, pageOf } from '../../http/listQuery';
import { enqueue } from '../../jobs/queue';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, isWebhookEvent } from '../../../shared/webhooks/events';
import { type AddressPolicy, refusedHost } from './addressGuard';
import { WEBHOOK_JOB, WEBHOOK_MAX_ATTEMPTS } from './emit';
import { newWebhookSecret } from './signature';
import { secretContext } from './secrets';
import type { DeliveryListParams, DeliveryRecord, EndpointRecord, SaveEndpointBody, deliverySortFields, endpointSortFields } from './schemas';

export interface WebhookServiceDeps {
  db: Db;
  secrets: SecretBox;
  now: () => Date;
  webhookAddresses: AddressPolicy;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function endpointRecord(row: WebhookEndpoint): EndpointRecord {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function deliveryRecord(row: WebhookDelivery): DeliveryRecord {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event: row.event,
    data: row.data,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    response_body: row.responseBody,
    error: row.error,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: iso(row.lastAttemptAt),
    delivered_at: iso(row.deliveredAt),
  };
}

/**
 * The rules for an endpoint's input: an http(s) URL without credentials whose host is
 * not a private address (unless allowed), and known event names. Each refusal names its field.
 */
export function assertEndpointInput(body: Pick<SaveEndpointBody, 'url' | 'events'>, policy: AddressPolicy): { url: string; events: string[] } {
  let url: URL;
  try {
    url = new URL(body.url.trim());
  } catch {
    throw badRequest('url', 'url is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url', 'url must start with http:// or https://');
  if (url.username || url.password) throw badRequest('url', 'url must not carry a user name or password');
  const refused = refusedHost(url, policy);
  if (refused) throw badRequest('url', `url may not point at ${refused}`);
  const unknown = body.events.filter((name) => !isWebhookEvent(name));
  if (unknown.length) throw badRequest('events', `events has unknown names (${unknown.join(', ')}); known: ${WEBHOOK_EVENTS.join(', ')}`);
  return { url: url.toString(), events: [...new Set(body.events)] };
}

async function endpointRow(db: Db | Tx, id: number): Promise<WebhookEndpoint> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

/** How many rows of a list's table match its filter (the list's `total`), beside the page read. */
async function countOf(db: Db, idColumn: PgColumn, where: SQL | undefined): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(idColumn.table).where(where);
  return total;
}

export async function listEndpoints(db: Db, query: ListParams<(typeof endpointSortFields)[number]>) {
  const where = idsCondition(webhookEndpoints.id, query.ids);
  const { limit, offset } = pageOf(query);
  const order = orderByOf({ id: webhookEndpoints.id, url: webhookEndpoints.url, created_at: webhookEndpoints.createdAt }, query, webhookEndpoints.id);
  const [rows, total] = await Promise.all([
    db.select().from(webhookEndpoints).where(where).orderBy(...order).limit(limit).offset(offset),
    countOf(db, webhookEndpoints.id, where),
  ]);
  return { data: rows.map(endpointRecord), total };
}

export async function getEndpoint(db: Db, id: number): Promise<EndpointRecord> {
  return endpointRecord(await endpointRow(db, id));
}

/**
 * webhooks/saveendpoint. A new endpoint gets a secret, sealed at rest and answered this once; an
 * update keeps it unless `rotate_secret` asks for a new one (answered once too). The audit entry
 * holds the URL and events, never the secret.
 */
export async function saveEndpoint(deps: WebhookServiceDeps, user: CurrentUser, body: SaveEndpointBody): Promise<EndpointRecord> {
  const { url, events } = assertEndpointInput(body, deps.webhookAddresses);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const fresh = body.id === undefined || body.rotate_secret === true ? newWebhookSecret() : null;
    let id = body.id;
    let before: EndpointRecord | null = null;
    if (id === undefined) {
      // The sealed secret is bound to the id, which the insert gives: sealed in a second statement.
      const [created] = await tx
        .insert(webhookEndpoints)
        .values({ url, events, description: body.description ?? '', active: body.active ?? true, secretSealed: '', createdAt: now, updatedAt: now })
        .returning({ id: webhookEndpoints.id });
      id = created.id;
    } else {
      before = endpointRecord(await endpointRow(tx, id));
      await tx
        .update(webhookEndpoints)
        .set({ url, events, ...(body.description !== undefined ? { description: body.description } : {}), ...(body.active !== undefined ? { active: body.active } : {}), updatedAt: now })
        .where(eq(webhookEndpoints.id, id));
    }
    if (fresh) await tx.update(webhookEndpoints).set({ secretSealed: deps.secrets.seal(fresh, secretContext(id)) }).where(eq(webhookEndpoints.id, id));
    const after = endpointRecord(await endpointRow(tx, id));
    await recordAudit(tx, {
      userId: user.id,
      action: body.id === undefined ? 'create_webhook_endpoint' : 'update_webhook_endpoint',
      entity: 'webhook_endpoint',
      entityId: id,
      data: fresh && body.id !== undefined ? { rotated_secret: true } : undefined,
      before,
      after,
    });
    return fresh ? { ...after, secret: fresh } : after;
  });
}

/** webhooks/deleteendpoint: the endpoint and its delivery log; queued tries find nothing and stop. */
export async function deleteEndpoint(db: Db, user: CurrentUser, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const before = endpointRecord(await endpointRow(tx, id));
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, { userId: user.id, action: 'delete_webhook_endpoint', entity: 'webhook_endpoint', entityId: id, before });
  });
  return { id };
}

export async function listDeliveries(db: Db, query: DeliveryListParams & ListParams<(typeof deliverySortFields)[number]>) {
  const conditions: (SQL | undefined)[] = [
    query.endpoint_id === undefined ? undefined : eq(webhookDeliveries.endpointId, query.endpoint_id),
    query.status === undefined ? undefined : eq(webhookDeliveries.status, query.status),
  ];
  const where = and(...conditions);
  const { limit, offset } = pageOf(query);
  const order = orderByOf({ created_at: webhookDeliveries.createdAt, status: webhookDeliveries.status, event: webhookDeliveries.event }, query, webhookDeliveries.id);
  const [rows, total] = await Promise.all([
    db.select().from(webhookDeliveries).where(where).orderBy(...order).limit(limit).offset(offset),
    countOf(db, webhookDeliveries.id, where),
  ]);
  return { data: rows.map(deliveryRecord), total };
}

const queueTry = (tx: Tx, deliveryId: string) =>
  enqueue(tx, { kind: WEBHOOK_JOB, payload: { delivery_id: deliveryId }, ref: `webhook:${deliveryId}`, maxAttempts: WEBHOOK_MAX_ATTEMPTS });

/**
 * webhooks/testendpoint: a `ping` delivery to this endpoint through the same queue, signature and
 * log as real events, whatever events it subscribes to (and even when it is inactive).
 */
export async function testEndpoint(deps: WebhookServiceDeps, user: CurrentUser, id: number): Promise<DeliveryRecord> {
  return deps.db.transaction(async (tx) => {
    const endpoint = await endpointRow(tx, id);
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ id: randomUUID(), endpointId: endpoint.id, event: WEBHOOK_TEST_EVENT, data: { endpoint_id: endpoint.id, sent_by: user.id, message: 'A test delivery from the Members Portal' }, createdAt: deps.now() })
      .returning();
    await queueTry(tx, row.id);
    return deliveryRecord(row);
  });
}

/**
 * webhooks/redeliver: another round of tries of a delivery, with the same id and body (a receiver
 * that had it already drops it), e.g. after a receiver's outage outlasted the retries. Only a
 * delivery whose tries are over: one still waiting or retrying has a job already (a 409).
 */
export async function redeliver(db: Db, id: string): Promise<DeliveryRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0 })
      .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.status, ['succeeded', 'failed'])))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      if (!exists) throw notFound('Webhook delivery');
      throw conflict('id', 'this delivery is still being tried; send it again once its tries are over');
    }
    await queueTry(tx, row.id);
    return deliveryRecord(row);
  });
}
