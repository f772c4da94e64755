import { inBatches } from '../../db/rows';
import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { bankLines, bankStatements } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { HttpError, badRequest, conflict } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { uniqueViolation } from '../../db/uniqueViolation';
import { parseStatement } from '../../../shared/banking/parse';
import { StatementError, type ParsedStatement, type StatementLine } from '../../../shared/banking/statement';
import type { Allocation } from '../../../shared/billing/accounts';
import { announce } from './announce';
import { matchContext, planMatches } from './facts';
import { paymentsForLines } from './record';

export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
export const statementFormLimits = { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 0, parts: 1 };

/** The file's text: UTF-8 when it is valid UTF-8, else Windows-1252 (what the banks' CSV exports are in). */
export function statementText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The uploaded file, read and checked; every refusal is a 400 naming `file`. */
export async function readStatementUpload(request: FastifyRequest): Promise<{ statement: ParsedStatement; name: string }> {
  let form;
  try {
    form = await readMultipart(request, { fields: [] as const, fileField: 'file', maxFileBytes: MAX_STATEMENT_BYTES, takes: 'bank/import takes multipart/form-data with the statement in a `file` field' });
  } catch (error) {
    // Over 10 MB is bad input like any other: the same 400 naming the file.
    if (error instanceof HttpError && error.statusCode === 413) throw badRequest('file', error.message);
    throw error;
  }
  if (!form.file || form.file.bytes.length === 0) throw badRequest('file', 'file is required: the bank statement export, not empty');
  try {
    return { statement: parseStatement(statementText(form.file.bytes)), name: form.file.name };
  } catch (error) {
    if (error instanceof StatementError) throw badRequest('file', error.message);
    throw error;
  }
}

/**
 * What makes a line the same line in another file: the bank's own id when it gives one, else its
 * date, amount, reference and running balance. Lines alike in every way within one file (two
 * equal fees the same day, no balance printed) are told apart by their order.
 */
export function dedupeKeys(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = line.bankId !== null ? `id|${line.bankId}` : `l|${line.date}|${line.amount}|${line.reference.trim().toUpperCase()}|${line.balance ?? ''}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  });
}

export interface ImportSummary {
  id: number;
  format: ParsedStatement['format'];
  lines: number;
  credits: number;
  matched: number;
  suggested: number;
  unmatched: number;
  already_imported: number;
}

/**
 * One transaction: the statement, its new lines, and the payments of the lines matched. A
 * failure anywhere keeps nothing. Lines seen in an earlier import are left out; a file of
 * nothing new is a 409.
 */
export async function importStatement(db: Db, user: CurrentUser, upload: { statement: ParsedStatement; name: string }, now: Date): Promise<ImportSummary> {
  const { statement } = upload;
  const keys = dedupeKeys(statement.lines);
  try {
    return await db.transaction(async (tx) => {
      const known = new Set<string>();
      for (const part of inBatches(keys, 1000)) {
        for (const row of await tx.select({ key: bankLines.dedupeKey }).from(bankLines).where(inArray(bankLines.dedupeKey, part))) known.add(row.key);
      }
      const fresh = statement.lines.map((line, i) => ({ line, key: keys[i] })).filter(({ key }) => !known.has(key));
      if (fresh.length === 0) throw conflict('file', `Every line of this statement was imported before (${statement.lines.length} lines)`);
      const dates = fresh.map(({ line }) => line.date).sort();
      const [saved] = await tx
        .insert(bankStatements)
        .values({
          format: statement.format,
          account: statement.account.slice(0, 100),
          currency: statement.currency.slice(0, 3),
          openingBalance: statement.opening,
          closingBalance: statement.closing,
          dateFrom: dates[0],
          dateTo: dates.at(-1)!,
          fileName: upload.name,
          lines: fresh.length,
          importedBy: user.id,
        })
        .returning({ id: bankStatements.id });
      const decisions = await planMatches(tx, await matchContext(tx), fresh.map(({ line }) => line));
      const counts = { credits: 0, matched: 0, suggested: 0, unmatched: 0 };
      const rows: (typeof bankLines.$inferInsert)[] = [];
      const toPay: { row: typeof bankLines.$inferInsert; line: (typeof fresh)[number]['line']; clientId: number; allocations: Allocation[] }[] = [];
      for (const [position, { line, key }] of fresh.entries()) {
        const row: typeof bankLines.$inferInsert = {
          statementId: saved.id,
          position,
          date: line.date,
          amount: line.amount,
          description: line.description.slice(0, 1000),
          reference: line.reference.slice(0, 500),
          bankId: line.bankId,
          balance: line.balance,
          dedupeKey: key,
          status: 'unmatched',
        };
        const decision = decisions[position];
        if (line.amount > 0) counts.credits++;
        if (decision.status === 'matched') {
          Object.assign(row, { status: 'matched', clientId: decision.clientId, matchedBy: 'auto' });
          toPay.push({ row, line, clientId: decision.clientId, allocations: decision.allocations });
          counts.matched++;
        } else if (decision.status === 'suggested') {
          Object.assign(row, { status: 'suggested', suggestions: decision.suggestions });
          counts.suggested++;
        } else if (decision.status === 'ignored') Object.assign(row, { status: 'ignored', ignoreReason: decision.reason });
        else counts.unmatched++;
        rows.push(row);
      }
      const paid = await paymentsForLines(tx, toPay, user.id, now);
      toPay.forEach(({ row }, i) => (row.paymentId = paid[i].id));
      const payments = paid.map((payment) => payment.id);
      for (const part of inBatches(rows, 500)) await tx.insert(bankLines).values(part);
      const summary: ImportSummary = { id: saved.id, format: statement.format, lines: fresh.length, ...counts, already_imported: statement.lines.length - fresh.length };
      await announce(tx, 'bank-statements', 'created', saved.id);
      await recordAudit(tx, { userId: user.id, action: 'import_bank_statement', entity: 'bank_statement', entityId: saved.id, data: { ...summary, file_name: upload.name, payments } });
      return summary;
    });
  } catch (error) {
    // Two imports of one file at once: the second finds the first's lines at commit.
    if (uniqueViolation(error) === 'bank_lines_dedupe_key') throw conflict('file', 'These lines were imported at the same moment by another import');
    throw error;
  }
}
