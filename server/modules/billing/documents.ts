import { aliasedTable, and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { billingDocumentLines, billingDocuments, clients, invoiceBalances, orders, paymentAllocations, payments, salesAttributions, type DocumentType } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { notFound } from '../../http/errors';
import { aliased, jsonRows, qualified } from '../../db/queryParts';
import { likePattern, orderByOf, pageOf } from '../../http/listQuery';
import { businessDay } from '../../../shared/billing/accounts';
import { clientsVisibleTo } from './access';
import type { BillingDocumentRecord, DocumentListParams, DocumentSummaryRecord } from './wire';

const invoiceOfNote = aliasedTable(billingDocuments, 'invoice_of_note');

/**
 * An invoice's status, worked out from its balance (the invoice row itself never changes):
 * credited in full, paid, overdue, partly paid or open. A note is "open" (nothing to pay on it).
 */
function statusOf(today: string): SQL<DocumentSummaryRecord['status']> {
  return sql<DocumentSummaryRecord['status']>`case
    when ${qualified(billingDocuments.type)} <> 'invoice' then 'open'
    when ${qualified(invoiceBalances.value)} <= 0 then 'credited'
    when ${qualified(invoiceBalances.open)} <= 0 then 'paid'
    when ${qualified(invoiceBalances.dueDate)} < ${today} then 'overdue'
    when ${qualified(invoiceBalances.open)} < ${qualified(invoiceBalances.value)} then 'partly_paid'
    else 'open' end`;
}

function summaryColumns(today: string) {
  return {
    id: billingDocuments.id,
    type: billingDocuments.type,
    number: billingDocuments.number,
    order_id: billingDocuments.orderId,
    order_reference: orders.reference,
    invoice_id: billingDocuments.invoiceId,
    invoice_number: invoiceOfNote.number,
    client_id: billingDocuments.clientId,
    client_name: clients.name,
    issue_date: billingDocuments.issueDate,
    due_at: billingDocuments.dueDate,
    full: billingDocuments.full,
    total_excl_vat: billingDocuments.totalExclVat,
    vat: billingDocuments.vat,
    total: billingDocuments.total,
    balance: sql<number>`coalesce(${qualified(invoiceBalances.open)}, 0)`.mapWith(Number),
    status: statusOf(today),
    reason: billingDocuments.reason,
  };
}

function baseQuery(db: Db | Tx, columns: Record<string, unknown>) {
  return db
    .select(columns as ReturnType<typeof summaryColumns>)
    .from(billingDocuments)
    .innerJoin(clients, eq(clients.id, billingDocuments.clientId))
    .leftJoin(orders, eq(orders.id, billingDocuments.orderId))
    .leftJoin(invoiceOfNote, eq(invoiceOfNote.id, billingDocuments.invoiceId))
    .leftJoin(invoiceBalances, eq(invoiceBalances.invoiceId, billingDocuments.id))
    .$dynamic();
}

const registerTypes: DocumentType[] = ['invoice', 'debit_note', 'credit_note'];
const documentId = qualified(billingDocuments.id);
/** The document has a line that `condition` holds for (`l` is the line). */
const withLine = (condition: SQL) => sql`exists (select 1 from ${billingDocumentLines} l where l.document_id = ${documentId} and ${condition})`;
/** The document's sales were counted for this client type, branch or rep (`a` is its attribution). */
const attributed = (condition: SQL) => sql`exists (select 1 from ${salesAttributions} a where a.document_id = ${documentId} and ${condition})`;

/**
 * The sales reports' filters on the documents themselves, narrowing as the summaries do: a
 * document counts for a product when one of its lines is of it, for a group when a line's product
 * counts for it (its oldest group), and for the client type, branch and rep fixed at its issue.
 * The register counts only documents with lines.
 */
function salesFilters(query: DocumentListParams): SQL[] {
  const filters: SQL[] = [];
  if (query.register) filters.push(withLine(sql`true`));
  if (query.product_id) filters.push(withLine(sql`l.product_id = ${query.product_id}`));
  if (query.product_group_id) filters.push(withLine(sql`portal_product_report_group(l.product_id) = ${query.product_group_id}`));
  if (query.client_type) filters.push(attributed(sql`a.client_type = ${query.client_type}`));
  if (query.branch_id) filters.push(attributed(sql`a.branch_id = ${query.branch_id}`));
  if (query.rep_id) filters.push(attributed(sql`a.rep_user_id = ${query.rep_id}`));
  return filters;
}

/** `billing/invoices` and `billing/notes`: a page of the documents the user may see. */
export async function listDocuments(db: Db, user: CurrentUser, types: DocumentType[], query: DocumentListParams, now: Date) {
  const today = businessDay(now);
  const conditions: (SQL | undefined)[] = [inArray(billingDocuments.type, query.register ? registerTypes : types), clientsVisibleTo(user, billingDocuments.clientId), ...salesFilters(query)];
  if (query.client_id) conditions.push(eq(billingDocuments.clientId, query.client_id));
  if (query.order_id) conditions.push(eq(billingDocuments.orderId, query.order_id));
  if (query.invoice_id) conditions.push(eq(billingDocuments.invoiceId, query.invoice_id));
  if (query.date_from) conditions.push(gte(billingDocuments.issueDate, query.date_from));
  if (query.date_to) conditions.push(lte(billingDocuments.issueDate, query.date_to));
  if (query.status === 'paid') conditions.push(sql`${qualified(invoiceBalances.open)} <= 0 and ${qualified(invoiceBalances.value)} > 0`);
  if (query.status === 'credited') conditions.push(sql`${qualified(invoiceBalances.value)} <= 0`);
  if (query.status === 'open') conditions.push(sql`${qualified(invoiceBalances.open)} > 0`);
  if (query.status === 'overdue') conditions.push(sql`${qualified(invoiceBalances.open)} > 0 and ${qualified(invoiceBalances.dueDate)} < ${today}`);
  if (query.q) {
    const q = query.q.trim();
    conditions.push(sql`(${qualified(billingDocuments.number)} ilike ${likePattern(q)} or ${qualified(clients.name)} ilike ${likePattern(q)})`);
  }
  const where = and(...conditions);
  const sortColumns = {
    issue_date: billingDocuments.issueDate,
    number: billingDocuments.sequence,
    total: billingDocuments.total,
    due_at: billingDocuments.dueDate,
    client_name: sql`lower(${clients.name})`,
    id: billingDocuments.id,
  };
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    baseQuery(db, summaryColumns(today)).where(where).orderBy(...orderByOf(sortColumns, query, billingDocuments.id)).limit(limit).offset(offset),
    baseQuery(db, { total: sql<number>`count(*)::int` }).where(where) as unknown as Promise<{ total: number }[]>,
  ]);
  return { data: rows as DocumentSummaryRecord[], total: Number(total) };
}

/** One document with its lines, notes and allocations; 404 unless the user may see it (and it is of `types`). */
export async function getDocument(db: Db | Tx, user: CurrentUser, id: number, types: DocumentType[], now: Date): Promise<BillingDocumentRecord> {
  const today = businessDay(now);
  // What credit notes have taken off an invoice line, as they were issued: the web app previews a
  // further credit with the same rule (shared/billing/vat.ts partOfLine) from these exact sums.
  const credited = (column: 'quantity' | 'total' | 'vat') =>
    sql<number>`(select coalesce(sum(${sql.raw(`n.${column}`)}), 0)::int from ${billingDocumentLines} n join ${billingDocuments} d on d.id = n.document_id
    where d.type = 'credit_note' and n.invoice_line_id = ${qualified(billingDocumentLines.id)})`;
  const lines = db
    .select(
      aliased({
        id: billingDocumentLines.id,
        invoice_line_id: billingDocumentLines.invoiceLineId,
        product_id: billingDocumentLines.productId,
        sku: billingDocumentLines.sku,
        description: billingDocumentLines.description,
        quantity: billingDocumentLines.quantity,
        unit_price: billingDocumentLines.unitPrice,
        vat_class: billingDocumentLines.vatClass,
        rate_bp: billingDocumentLines.rateBp,
        total_excl_vat: billingDocumentLines.totalExclVat,
        vat: billingDocumentLines.vat,
        total: billingDocumentLines.total,
        credited_quantity: credited('quantity'),
        credited_total: credited('total'),
        credited_vat: credited('vat'),
      }),
    )
    .from(billingDocumentLines)
    .where(eq(billingDocumentLines.documentId, billingDocuments.id))
    .orderBy(asc(billingDocumentLines.position));
  const notes = db
    .select(
      aliased({
        id: invoiceOfNote.id,
        type: invoiceOfNote.type,
        number: invoiceOfNote.number,
        issue_date: invoiceOfNote.issueDate,
        total: invoiceOfNote.total,
        reason: invoiceOfNote.reason,
      }),
    )
    .from(invoiceOfNote)
    .where(eq(invoiceOfNote.invoiceId, billingDocuments.id))
    .orderBy(asc(invoiceOfNote.id));
  const allocations = db
    .select(aliased({ payment_id: payments.id, reference: payments.reference, paid_at: payments.paidAt, amount: paymentAllocations.amount }))
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(eq(paymentAllocations.invoiceId, billingDocuments.id))
    .orderBy(asc(paymentAllocations.id));
  const [row] = await db
    .select({
      ...summaryColumns(today),
      invoice_number: sql<string | null>`(select i.number from ${billingDocuments} i where i.id = ${qualified(billingDocuments.invoiceId)})`,
      supply_date: billingDocuments.supplyDate,
      prices_include_vat: billingDocuments.pricesIncludeVat,
      by_class: billingDocuments.byClass,
      supplier: billingDocuments.supplier,
      recipient: billingDocuments.recipient,
      lines: sql<BillingDocumentRecord['lines']>`${jsonRows(lines)}`,
      notes: sql<BillingDocumentRecord['notes']>`${jsonRows(notes)}`,
      allocations: sql<BillingDocumentRecord['allocations']>`${jsonRows(allocations)}`,
    })
    .from(billingDocuments)
    .innerJoin(clients, eq(clients.id, billingDocuments.clientId))
    .leftJoin(orders, eq(orders.id, billingDocuments.orderId))
    .leftJoin(invoiceBalances, eq(invoiceBalances.invoiceId, billingDocuments.id))
    .where(and(eq(billingDocuments.id, id), inArray(billingDocuments.type, types), clientsVisibleTo(user, billingDocuments.clientId)));
  if (!row) throw notFound(types.includes('invoice') ? 'Invoice' : 'Note');
  return row as unknown as BillingDocumentRecord;
}
