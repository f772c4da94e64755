import { aliasedTable, and, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  billingDocuments,
  clients,
  emailDeliverability,
  erasureRequests,
  jobs,
  leads,
  loginFailures,
  mailBounces,
  mailingEngagementMembers,
  marketingConsents,
  mailOutbox,
  mailingDeliveries,
  mailingListClients,
  membershipTokens,
  orderComments,
  orders,
  passwordResets,
  payments,
  recoveryCodes,
  twoFactorChallenges,
  unsubscribes,
  userSessions,
  users,
  webhookDeliveries,
  type ErasureStatus,
} from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { uniqueViolation } from '../../db/uniqueViolation';
import { conflict, notFound } from '../../http/errors';
import { type ListParams, orderByOf, pageOf } from '../../http/listQuery';
import { MAIL_JOB } from '../../mail/queue';
import { assertClientVisible } from '../clients/access';
import { addressesOfClient } from './addresses';
import { redactAudit } from './redactAudit';
import type { ProofStore } from '../billing/proofs';

export const erasureSortFields = ['requested_at', 'id', 'status', 'decided_at'] as const;
export interface ErasureListQuery extends ListParams<(typeof erasureSortFields)[number]> {
  status?: ErasureStatus;
  client_id?: number;
}

/** What an erased member's name becomes: its orders and the back office still need to call it something. */
export const erasedName = (clientId: number) => `Erased member #${clientId}`;
/** Not a hash verifyPassword accepts: no password signs this user in again. */
const NO_PASSWORD = '!erased';

const requester = aliasedTable(users, 'requester');
const decider = aliasedTable(users, 'decider');
const columns = {
  id: erasureRequests.id,
  client_id: erasureRequests.clientId,
  client_name: clients.name,
  status: erasureRequests.status,
  requested_by_name: requester.name,
  requested_at: erasureRequests.requestedAt,
  decided_by_name: decider.name,
  decided_at: erasureRequests.decidedAt,
  decline_reason: erasureRequests.declineReason,
};
type Row = Awaited<ReturnType<typeof requests>>[number];

function record(row: Row) {
  return { ...row, requested_at: row.requested_at.toISOString(), decided_at: row.decided_at?.toISOString() ?? null };
}
export type ErasureRecord = ReturnType<typeof record>;

function requests(db: Db | Tx) {
  return db
    .select(columns)
    .from(erasureRequests)
    .innerJoin(clients, eq(clients.id, erasureRequests.clientId))
    .leftJoin(requester, eq(requester.id, erasureRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, erasureRequests.decidedBy))
    .$dynamic();
}

async function requestById(db: Db | Tx, id: number): Promise<ErasureRecord> {
  const [row] = await requests(db).where(eq(erasureRequests.id, id));
  if (!row) throw notFound('Erasure request');
  return record(row);
}

/** privacy/erasurerequests: the admin's list, newest first by default, filtered by status or member. */
export async function listErasureRequests(db: Db, query: ErasureListQuery) {
  const where = and(
    query.status ? eq(erasureRequests.status, query.status) : undefined,
    query.client_id ? eq(erasureRequests.clientId, query.client_id) : undefined,
  );
  const sortColumns = { requested_at: erasureRequests.requestedAt, id: erasureRequests.id, status: erasureRequests.status, decided_at: erasureRequests.decidedAt };
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    requests(db).where(where).orderBy(...orderByOf(sortColumns, query, erasureRequests.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(erasureRequests).where(where),
  ]);
  return { data: rows.map(record), total };
}

/** privacy/erasure: the member's latest request (its own page shows whether one waits, or why it was declined); null when none. */
export async function latestErasureRequest(db: Db, user: CurrentUser, clientId: number): Promise<ErasureRecord | null> {
  assertClientVisible(user, clientId);
  const [row] = await requests(db).where(eq(erasureRequests.clientId, clientId)).orderBy(desc(erasureRequests.id)).limit(1);
  return row ? record(row) : null;
}

/**
 * privacy/requesterasure: the member asks (its own client only) or an admin records a request
 * the member made another way. 409 while one waits, and for a member already erased.
 */
export async function requestErasure(db: Db, user: CurrentUser, clientId: number, now: Date): Promise<ErasureRecord> {
  assertClientVisible(user, clientId);
  try {
    return await db.transaction(async (tx) => {
      const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
      if (!client) throw notFound('Client');
      const [erased] = await tx
        .select({ id: erasureRequests.id })
        .from(erasureRequests)
        .where(and(eq(erasureRequests.clientId, clientId), eq(erasureRequests.status, 'approved')));
      if (erased) throw conflict('client_id', 'this member has already been erased');
      const [row] = await tx.insert(erasureRequests).values({ clientId, requestedBy: user.id, requestedAt: now }).returning({ id: erasureRequests.id });
      await recordAudit(tx, { userId: user.id, action: 'erasure_requested', entity: 'client', entityId: clientId, data: { request_id: row.id } });
      return requestById(tx, row.id);
    });
  } catch (error) {
    if (uniqueViolation(error) === 'erasure_requests_one_pending') throw conflict('client_id', 'an erasure request for this member is already waiting');
    throw error;
  }
}

async function pendingRequest(tx: Tx, id: number) {
  const [request] = await tx.select().from(erasureRequests).where(eq(erasureRequests.id, id)).for('update');
  if (!request) throw notFound('Erasure request');
  if (request.status !== 'pending') throw conflict('id', `this request is already ${request.status}`);
  return request;
}

/** privacy/declineerasure: the request is closed with the reason the member is shown; nothing else changes. */
export async function declineErasure(db: Db, user: CurrentUser, id: number, reason: string, now: Date): Promise<ErasureRecord> {
  return db.transaction(async (tx) => {
    const request = await pendingRequest(tx, id);
    await tx.update(erasureRequests).set({ status: 'declined', decidedBy: user.id, decidedAt: now, declineReason: reason }).where(eq(erasureRequests.id, id));
    await recordAudit(tx, { userId: user.id, action: 'erasure_declined', entity: 'client', entityId: request.clientId, data: { request_id: id, reason } });
    return requestById(tx, id);
  });
}

/** privacy/approveerasure: the member's personal data is anonymised (anonymiseClient), in the same transaction as the decision. */
export async function approveErasure(db: Db, user: CurrentUser, id: number, now: Date, proofs: ProofStore): Promise<ErasureRecord> {
  const { record, proofFiles } = await db.transaction(async (tx) => {
    const request = await pendingRequest(tx, id);
    const { proofFiles, ...kept } = await anonymiseClient(tx, request.clientId, now);
    await tx.update(erasureRequests).set({ status: 'approved', decidedBy: user.id, decidedAt: now }).where(eq(erasureRequests.id, id));
    // Counts only: the entry must not carry what was erased.
    await recordAudit(tx, { userId: user.id, action: 'erasure_approved', entity: 'client', entityId: request.clientId, data: { request_id: id, ...kept, proofs_deleted: proofFiles.length } });
    return { record: await requestById(tx, id), proofFiles };
  });
  // Files go only once the records no longer point at them: a rolled-back erasure keeps them all.
  await Promise.all(proofFiles.map((file) => proofs.remove(file)));
  return record;
}

/**
 * The erasure itself (POPIA s24), one transaction with its decision. What goes and what stays:
 *
 * - The client: name → "Erased member #id"; contact name, email, phone, address, VAT number,
 *   membership answers and language cleared; archived (out of every list, its users inactive).
 * - Its users: name → "Erased user #id", email → an address at `erased.invalid` (the column is
 *   unique and required), no password, inactive, token version bumped (every token refused), and
 *   their sessions, two-factor secret, recovery codes, challenges, reset links and failed sign-ins gone.
 * - Its consents to marketing mail; leads of the member or its addresses (with their consents),
 *   mailing-list memberships, its unsubscribe record,
 *   membership links, bounces and deliverability of its addresses, its single mail (queued or
 *   sent, and the outbox copies) removed; its list deliveries keep their send's counts with the
 *   address blanked, and who of it opened or clicked (the per-member engagement) removed.
 * - Orders STAY, with their lines, prices, VAT, totals, status history, courier and tracking
 *   number (the shipment's, not the person's): they are the business's sales record, and each
 *   invoiced one is the source of a tax document kept five years (Tax Administration Act s29(3), VAT Act s55).
 *   Their free-text notes and comments go: they may name or describe the person.
 * - Issued tax invoices, credit and debit notes STAY untouched: immutable snapshots (a trigger
 *   refuses changes) carrying the recipient's name, address and VAT number as the VAT Act s20
 *   requires, kept for five years. Payments stay as accounting records; their proof-of-payment
 *   files (uploaded bank papers) are deleted.
 * - Webhook deliveries of its `client.created` and `membership.activated` events: the name and
 *   email in their stored bodies replaced (the delivery log shows them).
 * - Earlier audit entries about the client and its users keep who did what and when; the field
 *   values they recorded are replaced by `{ erased: true }`.
 */
export async function anonymiseClient(tx: Tx, clientId: number, now: Date) {
  const addresses = await addressesOfClient(tx, clientId);
  const userIds = (await tx.select({ id: users.id }).from(users).where(eq(users.clientId, clientId))).map((row) => row.id);
  const byAddress = (column: Parameters<typeof sql>[1]): SQL => (addresses.length ? sql`lower(${column}) in ${addresses}` : sql`false`);

  await tx
    .update(clients)
    .set({
      name: erasedName(clientId),
      contactName: '',
      email: '',
      phone: '',
      address: '',
      vatNumber: '',
      questionAnswers: {},
      locale: null,
      archivedAt: sql`coalesce(${clients.archivedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(clients.id, clientId));

  if (userIds.length) {
    await tx
      .update(users)
      .set({
        name: sql`'Erased user #' || ${users.id}`,
        email: sql`'erased-user-' || ${users.id} || '@erased.invalid'`,
        passwordHash: NO_PASSWORD,
        active: false,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        updatedAt: now,
      })
      .where(inArray(users.id, userIds));
    await tx.delete(userSessions).where(inArray(userSessions.userId, userIds));
    await tx.delete(recoveryCodes).where(inArray(recoveryCodes.userId, userIds));
    await tx.delete(twoFactorChallenges).where(inArray(twoFactorChallenges.userId, userIds));
    await tx.delete(passwordResets).where(inArray(passwordResets.userId, userIds));
  }
  await tx.delete(loginFailures).where(byAddress(loginFailures.email));

  // Its consents to marketing mail (append-only, so deleted rather than blanked); its leads' go with them.
  await tx.delete(marketingConsents).where(eq(marketingConsents.clientId, clientId));
  const erasedLeads = await tx.delete(leads).where(or(eq(leads.clientId, clientId), byAddress(leads.email))).returning({ id: leads.id });
  await tx.delete(mailingListClients).where(eq(mailingListClients.clientId, clientId));
  await tx.delete(unsubscribes).where(eq(unsubscribes.clientId, clientId));
  await tx.delete(membershipTokens).where(eq(membershipTokens.clientId, clientId));
  await tx.update(mailingDeliveries).set({ email: '', error: null }).where(eq(mailingDeliveries.clientId, clientId));
  // Who opened or clicked (kept only while the company ties engagement to members): the send's counts stay.
  await tx.delete(mailingEngagementMembers).where(inArray(mailingEngagementMembers.deliveryId, tx.select({ id: mailingDeliveries.id }).from(mailingDeliveries).where(eq(mailingDeliveries.clientId, clientId))));
  await tx.delete(mailBounces).where(byAddress(mailBounces.email));
  await tx.delete(emailDeliverability).where(byAddress(emailDeliverability.email));
  // A mail being sent this moment is left to finish; everything else to these addresses goes.
  await tx.delete(jobs).where(and(eq(jobs.kind, MAIL_JOB), ne(jobs.status, 'running'), byAddress(sql`${jobs.payload}->>'to'`)));
  await tx.delete(mailOutbox).where(byAddress(mailOutbox.to));

  // The webhook delivery log keeps each event's body: the member's events carry its name (and email).
  await tx
    .update(webhookDeliveries)
    .set({ data: sql`${webhookDeliveries.data} || jsonb_build_object('name', ${erasedName(clientId)}::text) || case when ${webhookDeliveries.data}->>'email' is not null then '{"email": ""}'::jsonb else '{}'::jsonb end` })
    .where(
      or(
        and(eq(webhookDeliveries.event, 'client.created'), sql`${webhookDeliveries.data}->>'id' = ${String(clientId)}`),
        and(eq(webhookDeliveries.event, 'membership.activated'), sql`${webhookDeliveries.data}->>'client_id' = ${String(clientId)}`),
      ),
    );

  const orderIds = tx.select({ id: orders.id }).from(orders).where(eq(orders.clientId, clientId));
  await tx.delete(orderComments).where(inArray(orderComments.orderId, orderIds));
  const keptOrders = await tx.update(orders).set({ notes: '' }).where(eq(orders.clientId, clientId)).returning({ id: orders.id });

  await redactAudit(tx, 'client', [clientId]);
  await redactAudit(tx, 'user', userIds);
  await redactAudit(tx, 'lead', erasedLeads.map((lead) => lead.id));

  // Proof-of-payment files are the member's own papers (bank statements, names, account numbers):
  // they go; the payments stay as accounting records, without them. The caller removes the files
  // after the commit.
  const proofRows = await tx
    .select({ file: payments.proofFile })
    .from(payments)
    .where(and(eq(payments.clientId, clientId), isNotNull(payments.proofFile)))
    .for('update');
  await tx.update(payments).set({ proofFile: null, proofType: null, proofName: null }).where(and(eq(payments.clientId, clientId), isNotNull(payments.proofFile)));

  const [{ documents }] = await tx.select({ documents: sql<number>`count(*)::int` }).from(billingDocuments).where(eq(billingDocuments.clientId, clientId));
  return { users: userIds.length, orders_kept: keptOrders.length, documents_kept: documents, proofFiles: proofRows.map((row) => row.file!) };
}
