import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { consentRows } from './consents';
import type { Db } from '../../db/client';
import {
  billingDocumentLines,
  billingDocuments,
  clients,
  jobs,
  mailingDeliveries,
  mailingSends,
  orderLines,
  orderStatusHistory,
  orders,
  payments,
  products,
  roles,
  users,
} from '../../db/schema';
import { MAIL_JOB } from '../../mail/queue';
import { addressesOfClient } from './addresses';

/** Rows by their parent's id, in the order read: one pass, not a scan of every row per parent. */
function groupBy<T>(rows: T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** camelCase row → snake_case JSON, dates as ISO strings: the archive's files read like the API. */
function wire(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value instanceof Date ? value.toISOString() : value]),
  );
}

/**
 * Everything the portal holds about one member (POPIA s23: a data subject's access to its
 * information), each part read by the client's id alone, so nothing of another member can be in
 * it. Credentials are left out on purpose: password hashes, two-factor secrets and recovery codes,
 * the order tracking token (it opens the public tracking page) and idempotency keys.
 */
export async function memberData(db: Db, clientId: number) {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!client) return null;
  // The row's version is the stale-save check's bookkeeping, not data about the member.
  const { version: _version, ...row } = client;
  const profile = wire(row);

  const userRows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: roles.name,
      active: users.active,
      twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.clientId, clientId))
    .orderBy(asc(users.id));

  const orderRows = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      branchId: orders.branchId,
      status: orders.status,
      total: orders.total,
      vat: orders.vat,
      pricesIncludeVat: orders.pricesIncludeVat,
      notes: orders.notes,
      courierName: orders.courierName,
      trackingNumber: orders.trackingNumber,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.clientId, clientId))
    .orderBy(asc(orders.id));
  const orderIds = orderRows.map((order) => order.id);
  const lines = orderIds.length
    ? await db
        .select({
          orderId: orderLines.orderId,
          position: orderLines.position,
          productId: orderLines.productId,
          sku: products.sku,
          product: products.name,
          quantity: orderLines.quantity,
          unitPrice: orderLines.unitPrice,
          vatClass: orderLines.vatClass,
          rateBp: orderLines.rateBp,
          vat: orderLines.vat,
          total: orderLines.total,
        })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .where(inArray(orderLines.orderId, orderIds))
        .orderBy(asc(orderLines.orderId), asc(orderLines.position))
    : [];
  const history = orderIds.length
    ? await db
        .select({ orderId: orderStatusHistory.orderId, from: orderStatusHistory.fromStatus, to: orderStatusHistory.toStatus, at: orderStatusHistory.at })
        .from(orderStatusHistory)
        .where(inArray(orderStatusHistory.orderId, orderIds))
        .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id))
    : [];
  const linesOf = groupBy(lines, (line) => line.orderId);
  const historyOf = groupBy(history, (entry) => entry.orderId);
  const ordersOut = orderRows.map((order) => ({
    ...wire(order),
    lines: (linesOf.get(order.id) ?? []).map(({ orderId: _, ...line }) => wire(line)),
    status_history: (historyOf.get(order.id) ?? []).map(({ orderId: _, ...entry }) => wire(entry)),
  }));

  const documentRows = await db
    .select({
      id: billingDocuments.id,
      type: billingDocuments.type,
      number: billingDocuments.number,
      orderId: billingDocuments.orderId,
      invoiceId: billingDocuments.invoiceId,
      issueDate: billingDocuments.issueDate,
      dueDate: billingDocuments.dueDate,
      full: billingDocuments.full,
      totalExclVat: billingDocuments.totalExclVat,
      vat: billingDocuments.vat,
      total: billingDocuments.total,
      reason: billingDocuments.reason,
      recipient: billingDocuments.recipient,
      locale: billingDocuments.locale,
    })
    .from(billingDocuments)
    .where(eq(billingDocuments.clientId, clientId))
    .orderBy(asc(billingDocuments.id));
  const documentLines = documentRows.length
    ? await db
        .select({
          documentId: billingDocumentLines.documentId,
          position: billingDocumentLines.position,
          sku: billingDocumentLines.sku,
          description: billingDocumentLines.description,
          quantity: billingDocumentLines.quantity,
          unitPrice: billingDocumentLines.unitPrice,
          totalExclVat: billingDocumentLines.totalExclVat,
          vat: billingDocumentLines.vat,
          total: billingDocumentLines.total,
        })
        .from(billingDocumentLines)
        .where(inArray(billingDocumentLines.documentId, documentRows.map((document) => document.id)))
        .orderBy(asc(billingDocumentLines.documentId), asc(billingDocumentLines.position))
    : [];
  const documentLinesOf = groupBy(documentLines, (line) => line.documentId);
  const documents: Record<string, unknown>[] = documentRows.map((document) => ({
    ...wire(document),
    lines: (documentLinesOf.get(document.id) ?? []).map(({ documentId: _, ...line }) => wire(line)),
  }));

  const paymentRows = (
    await db
      .select({
        id: payments.id,
        amount: payments.amount,
        reference: payments.reference,
        paidAt: payments.paidAt,
        status: payments.status,
        unallocated: payments.unallocated,
        proofName: payments.proofName,
        refusedReason: payments.refusedReason,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.clientId, clientId))
      .orderBy(asc(payments.id))
  ).map(wire);

  // Mail: single messages by recipient address (the queue keeps no member id), list mail by member.
  const addresses = await addressesOfClient(db, clientId);
  const single = addresses.length
    ? await db
        .select({
          to: sql<string>`${jobs.payload}->>'to'`,
          subject: sql<string>`${jobs.payload}->>'subject'`,
          status: jobs.status,
          queuedAt: jobs.createdAt,
          finishedAt: jobs.finishedAt,
        })
        .from(jobs)
        .where(and(eq(jobs.kind, MAIL_JOB), inArray(sql`lower(${jobs.payload}->>'to')`, addresses)))
        .orderBy(asc(jobs.id))
    : [];
  const campaigns = await db
    .select({ to: mailingDeliveries.email, subject: mailingSends.subject, status: mailingDeliveries.status, sentAt: mailingDeliveries.sentAt })
    .from(mailingDeliveries)
    .innerJoin(mailingSends, eq(mailingSends.id, mailingDeliveries.sendId))
    .where(eq(mailingDeliveries.clientId, clientId))
    .orderBy(asc(mailingDeliveries.id));
  const mail = [...single.map((row) => ({ kind: 'message', ...wire(row) })), ...campaigns.map((row) => ({ kind: 'mailing_list', ...wire(row) }))];

  return { profile, users: userRows.map(wire), orders: ordersOut, documents, payments: paymentRows, mail, consents: await consentsOf(db, clientId) };
}

/** The member's consents to marketing mail, with those of the lead it came from (consents.ts). */
async function consentsOf(db: Db, clientId: number): Promise<Record<string, unknown>[]> {
  return (await consentRows(db, { client_id: clientId })).map((row) => ({ ...row }));
}

export type MemberData = NonNullable<Awaited<ReturnType<typeof memberData>>>;
