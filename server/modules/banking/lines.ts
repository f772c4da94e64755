import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bankLines, bankPayers, bankStatements, clients, invoiceBalances, paymentAllocations, paymentReversals, payments } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isoText } from '../../db/queryParts';
import { idsCondition, orderByOf, pageOf } from '../../http/listQuery';
import { refreshDebtor } from '../billing/debtorBalances';
import { allocateNamed } from '../../../shared/banking/match';
import { payerText } from '../../../shared/banking/text';
import { businessDay } from '../../../shared/billing/accounts';
import { domainEvents } from '../../events/domain';
import { announce } from './announce';
import { payLine } from './record';
import type { LineListParams, LineRecord, MatchBody, StatementRecord } from './wire';

const count = (condition: SQL) => sql<number>`count(*) filter (where ${condition})::int`;
const sum = (condition: SQL) => sql<number>`coalesce(sum(${bankLines.amount}) filter (where ${condition}), 0)::bigint`;

export async function listStatements(db: Db, query: { page: number; perPage: number; sort: 'imported_at' | 'date_to' | 'id'; order: 'ASC' | 'DESC'; ids?: string }) {
  const totals = db
    .select({
      statementId: bankLines.statementId,
      matched: count(sql`${bankLines.status} = 'matched'`).as('matched'),
      suggested: count(sql`${bankLines.status} = 'suggested'`).as('suggested'),
      unmatched: count(sql`${bankLines.status} = 'unmatched'`).as('unmatched'),
      ignored: count(sql`${bankLines.status} = 'ignored'`).as('ignored'),
      matched_amount: sum(sql`${bankLines.status} = 'matched'`).as('matched_amount'),
      unmatched_amount: sum(sql`${bankLines.status} in ('unmatched', 'suggested') and ${bankLines.amount} > 0`).as('unmatched_amount'),
    })
    .from(bankLines)
    .groupBy(bankLines.statementId)
    .as('totals');
  // One statement by id (react-admin's getOne, the reconciliation screen's heading), by the shared filter.
  const byIds = idsCondition(bankStatements.id, query.ids);
  const { limit, offset } = pageOf(query);
  const rows = await db
    .select({
      id: bankStatements.id,
      format: bankStatements.format,
      account: bankStatements.account,
      currency: bankStatements.currency,
      opening_balance: bankStatements.openingBalance,
      closing_balance: bankStatements.closingBalance,
      date_from: bankStatements.dateFrom,
      date_to: bankStatements.dateTo,
      file_name: bankStatements.fileName,
      lines: bankStatements.lines,
      imported_at: isoText(bankStatements.importedAt),
      matched: totals.matched,
      suggested: totals.suggested,
      unmatched: totals.unmatched,
      ignored: totals.ignored,
      matched_amount: totals.matched_amount,
      unmatched_amount: totals.unmatched_amount,
    })
    .from(bankStatements)
    .leftJoin(totals, eq(totals.statementId, bankStatements.id))
    .where(byIds)
    .orderBy(...orderByOf({ imported_at: bankStatements.importedAt, date_to: bankStatements.dateTo, id: bankStatements.id }, query, bankStatements.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(bankStatements).where(byIds);
  const data: StatementRecord[] = rows.map(({ matched, suggested, unmatched, ignored, matched_amount, unmatched_amount, ...statement }) => ({
    ...statement,
    opening_balance: statement.opening_balance === null ? null : Number(statement.opening_balance),
    closing_balance: statement.closing_balance === null ? null : Number(statement.closing_balance),
    totals: { matched: matched ?? 0, suggested: suggested ?? 0, unmatched: unmatched ?? 0, ignored: ignored ?? 0, matched_amount: Number(matched_amount ?? 0), unmatched_amount: Number(unmatched_amount ?? 0) },
  }));
  return { data, total: Number(total) };
}

const lineColumns = {
  id: bankLines.id,
  statement_id: bankLines.statementId,
  date: bankLines.date,
  amount: bankLines.amount,
  description: bankLines.description,
  reference: bankLines.reference,
  bank_id: bankLines.bankId,
  balance: bankLines.balance,
  status: bankLines.status,
  client_id: bankLines.clientId,
  client_name: clients.name,
  payment_id: bankLines.paymentId,
  matched_by: bankLines.matchedBy,
  ignore_reason: bankLines.ignoreReason,
  suggestions: bankLines.suggestions,
};

/** Suggestions with their clients' names, for the screen. */
async function named(db: Db | Tx, rows: (Omit<LineRecord, 'balance'> & { balance: number | null })[]): Promise<LineRecord[]> {
  const ids = [...new Set(rows.flatMap((row) => row.suggestions.map((s) => s.client_id)))];
  const names = new Map(ids.length ? (await db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, ids))).map((c) => [c.id, c.name]) : []);
  return rows.map((row) => ({ ...row, balance: row.balance === null ? null : Number(row.balance), suggestions: row.suggestions.map((s) => ({ ...s, client_name: names.get(s.client_id) ?? '' })) }));
}

export async function listLines(db: Db, query: LineListParams) {
  const conditions: SQL[] = [];
  if (query.statement_id) conditions.push(eq(bankLines.statementId, query.statement_id));
  if (query.status) conditions.push(eq(bankLines.status, query.status));
  // The shared filter: an id past the integer range matches nothing instead of failing in the database.
  const byIds = idsCondition(bankLines.id, query.ids);
  if (byIds) conditions.push(byIds);
  const where = and(...conditions);
  const { limit, offset } = pageOf(query);
  const rows = await db
    .select(lineColumns)
    .from(bankLines)
    .leftJoin(clients, eq(clients.id, bankLines.clientId))
    .where(where)
    .orderBy(...orderByOf({ date: bankLines.date, amount: bankLines.amount, id: bankLines.id }, query, bankLines.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(bankLines).where(where);
  return { data: await named(db, rows as never), total: Number(total) };
}

export async function getLine(db: Db | Tx, id: number): Promise<LineRecord> {
  const rows = await db.select(lineColumns).from(bankLines).leftJoin(clients, eq(clients.id, bankLines.clientId)).where(eq(bankLines.id, id));
  if (rows.length === 0) throw Object.assign(notFound('Bank line'), { errors: { line_id: 'Bank line not found' } });
  return (await named(db, rows as never))[0];
}

async function lockLine(tx: Tx, id: number) {
  const [line] = await tx.select().from(bankLines).where(eq(bankLines.id, id)).for('update');
  if (!line) throw Object.assign(notFound('Bank line'), { errors: { line_id: 'Bank line not found' } });
  return line;
}

/**
 * An admin matches a line to a client: allocations as chosen, else the invoices a suggestion for
 * that client named, else the oldest open ones. The payer's words are learned for that client, so
 * the next payment of the same amount pattern matches by itself.
 */
export async function matchLine(db: Db, user: CurrentUser, body: MatchBody, now: Date): Promise<LineRecord> {
  await db.transaction(async (tx) => {
    const line = await lockLine(tx, body.line_id);
    if (line.status === 'matched') throw conflict('line_id', 'This line is matched already: undo the match first');
    if (line.amount <= 0) throw badRequest('line_id', 'Only money received (a credit) is matched to a client');
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, body.client_id));
    if (!client) throw Object.assign(notFound('Client'), { errors: { client_id: 'Client not found' } });
    let allocations = body.allocations;
    const suggested = line.suggestions.find((s) => s.client_id === client.id && s.invoice_ids.length > 0);
    if (!allocations && suggested) {
      const open = await tx
        .select({ id: invoiceBalances.invoiceId, due: invoiceBalances.dueDate, open: invoiceBalances.open })
        .from(invoiceBalances)
        .where(and(inArray(invoiceBalances.invoiceId, suggested.invoice_ids), eq(invoiceBalances.clientId, client.id), sql`${invoiceBalances.open} > 0`));
      const inOrder = suggested.invoice_ids.map((id) => open.find((o) => o.id === id)).filter((o) => o !== undefined);
      if (inOrder.length > 0) allocations = allocateNamed(line.amount, inOrder).allocations;
    }
    const payment = await payLine(tx, line, client.id, allocations, { userId: user.id, hand: true }, now);
    const learned = payerText(line.description);
    if (learned) await tx.insert(bankPayers).values({ clientId: client.id, payerText: learned }).onConflictDoNothing();
    await announce(tx, 'bank-statements', 'updated', line.statementId);
    await recordAudit(tx, {
      userId: user.id,
      action: 'match_bank_line',
      entity: 'bank_line',
      entityId: line.id,
      data: { client_id: client.id, amount: line.amount, payment_id: payment.id, allocations: allocations ?? 'oldest first', unallocated: payment.unallocated, learned_payer: learned },
    });
  });
  return getLine(db, body.line_id);
}

/**
 * Undoes a match: the payment is reversed, not deleted — its allocations go back onto the
 * invoices, it leaves the account (status reversed) and a reversal row says when, by whom and
 * what was restored. The line is unmatched again.
 */
export async function unmatchLine(db: Db, user: CurrentUser, lineId: number, now: Date): Promise<LineRecord> {
  await db.transaction(async (tx) => {
    const line = await lockLine(tx, lineId);
    if (line.status !== 'matched' || line.paymentId === null) throw conflict('line_id', 'This line is not matched');
    const [payment] = await tx.select().from(payments).where(eq(payments.id, line.paymentId)).for('update');
    if (payment.status !== 'confirmed') throw conflict('line_id', `Its payment is ${payment.status}`);
    const allocations = await tx.select({ invoice_id: paymentAllocations.invoiceId, amount: paymentAllocations.amount }).from(paymentAllocations).where(eq(paymentAllocations.paymentId, payment.id)).orderBy(asc(paymentAllocations.id));
    if (allocations.length > 0) {
      await tx
        .select({ id: invoiceBalances.invoiceId })
        .from(invoiceBalances)
        .where(inArray(invoiceBalances.invoiceId, allocations.map((a) => a.invoice_id)))
        .for('update');
      const restored = sql.join(allocations.map((a) => sql`(${a.invoice_id}::int, ${a.amount}::int)`), sql`, `);
      await tx.execute(sql`update ${invoiceBalances} b set open = b.open + v.amount from (select invoice_id, sum(amount) as amount from (values ${restored}) as r (invoice_id, amount) group by invoice_id) v where b.invoice_id = v.invoice_id`);
    }
    await tx.update(payments).set({ status: 'reversed', decidedBy: user.id }).where(eq(payments.id, payment.id));
    await tx.insert(paymentReversals).values({ paymentId: payment.id, bankLineId: line.id, reason: 'bank match undone', allocations, reversedBy: user.id });
    await tx.update(bankLines).set({ status: 'unmatched', clientId: null, paymentId: null, matchedBy: null }).where(eq(bankLines.id, line.id));
    await refreshDebtor(tx, payment.clientId, now);
    // What followed the money hears it went back (commissions take back what they earned on it).
    await domainEvents.publish(tx, 'payment.reversed', { id: payment.id, client_id: payment.clientId, amount: payment.amount, reversed_on: businessDay(now) }, { at: now, by: user.id });
    await announce(tx, 'bank-statements', 'updated', line.statementId);
    await recordAudit(tx, { userId: user.id, action: 'unmatch_bank_line', entity: 'bank_line', entityId: line.id, data: { payment_id: payment.id, client_id: payment.clientId, amount: payment.amount, allocations } });
  });
  return getLine(db, lineId);
}

export async function ignoreLine(db: Db, user: CurrentUser, lineId: number, reason: string): Promise<LineRecord> {
  await db.transaction(async (tx) => {
    const line = await lockLine(tx, lineId);
    if (line.status === 'matched') throw conflict('line_id', 'This line is matched: undo the match first');
    await tx.update(bankLines).set({ status: 'ignored', ignoreReason: reason.trim() }).where(eq(bankLines.id, line.id));
    await announce(tx, 'bank-statements', 'updated', line.statementId);
    await recordAudit(tx, { userId: user.id, action: 'ignore_bank_line', entity: 'bank_line', entityId: line.id, data: { reason: reason.trim(), amount: line.amount } });
  });
  return getLine(db, lineId);
}
