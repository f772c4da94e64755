import { inBatches } from '../../../db/rows';
import { parse } from 'csv-parse/sync';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditLog, branches, clients, membershipTokens, users } from '../../../db/schema';
import type { CurrentUser } from '../../../auth/roles';
import { recordAudit } from '../../../audit/record';
import { HttpError, badRequest, conflict } from '../../../http/errors';
import { enqueueMany } from '../../../jobs/queue';
import { MAIL_JOB } from '../../../mail/queue';
import type { ModuleDeps } from '../../deps';
import { withClientErrors } from './approval';
import { completionMail } from './mail';
import { newToken } from './tokens';
import type { ImportRowRecord } from './schemas';
import { domainEvents } from '../../../events/domain';
import { clientCreatedData } from '../../clients/service';

/** The largest import: a company's member list, not a mailing list. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

const COLUMNS = ['type', 'name', 'contact_name', 'email', 'phone', 'branch'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const tooLarge = (message: string) => new HttpError(413, message, { csv: message });

/** The file's rows as records, or a 400/413 naming `csv` (no header, a malformed line, too big). */
function readRows(csv: string): Record<(typeof COLUMNS)[number], string>[] {
  if (Buffer.byteLength(csv, 'utf8') > MAX_IMPORT_BYTES) throw tooLarge(`csv is too large: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
  let records: Record<string, string>[];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      to: MAX_IMPORT_ROWS + 1,
    });
  } catch (error) {
    throw badRequest('csv', `csv could not be read: ${(error as Error).message}`);
  }
  if (records.length > MAX_IMPORT_ROWS) throw tooLarge(`csv has too many rows: at most ${MAX_IMPORT_ROWS}`);
  const header = records.length ? Object.keys(records[0]) : [];
  const missing = COLUMNS.filter((c) => c !== 'branch' && c !== 'contact_name' && c !== 'phone' && !header.includes(c));
  if (records.length === 0) throw badRequest('csv', `csv has no rows; the first line names the columns: ${COLUMNS.join(',')}`);
  if (missing.length) throw badRequest('csv', `csv lacks the column(s) ${missing.join(', ')}; the first line names the columns: ${COLUMNS.join(',')}`);
  return records.map((r) => Object.fromEntries(COLUMNS.map((c) => [c, (r[c] ?? '').trim()])) as Record<(typeof COLUMNS)[number], string>);
}

/**
 * Each row with its errors: a type other than stockist/individual, no name, a missing or invalid
 * email, an email twice in the file or already a member's or a user's, a branch name the portal
 * does not have. Branches match by name, ignoring case; an empty branch leaves it unset.
 */
async function checkRows(db: Db, rows: ReturnType<typeof readRows>): Promise<ImportRowRecord[]> {
  const emails = [...new Set(rows.map((r) => r.email.toLowerCase()).filter(Boolean))];
  const [branchRows, clientEmails, userEmails] = await Promise.all([
    db.select({ id: branches.id, name: branches.name }).from(branches),
    emails.length
      ? db.select({ email: sql<string>`lower(${clients.email})` }).from(clients).where(and(inArray(sql`lower(${clients.email})`, emails), isNull(clients.archivedAt)))
      : [],
    emails.length ? db.select({ email: sql<string>`lower(${users.email})` }).from(users).where(inArray(sql`lower(${users.email})`, emails)) : [],
  ]);
  const branchNames = new Set(branchRows.map((b) => b.name.toLowerCase()));
  const members = new Set(clientEmails.map((r) => r.email));
  const accounts = new Set(userEmails.map((r) => r.email));
  const firstLine = new Map<string, number>();
  return rows.map((row, index) => {
    // Line 1 is the header.
    const line = index + 2;
    const errors: Record<string, string> = {};
    const type = row.type.toLowerCase();
    if (type !== 'stockist' && type !== 'individual') errors.type = 'type must be stockist or individual';
    if (!row.name) errors.name = 'name is required';
    const email = row.email.toLowerCase();
    if (!email) errors.email = 'email is required';
    else if (!EMAIL.test(email) || email.length > 254) errors.email = 'email is not a valid address';
    else if (firstLine.has(email)) errors.email = `email is already on line ${firstLine.get(email)} of the file`;
    else if (accounts.has(email)) errors.email = 'email already belongs to a user';
    else if (members.has(email)) errors.email = 'email already belongs to a member';
    if (email && !firstLine.has(email)) firstLine.set(email, line);
    if (row.branch && !branchNames.has(row.branch.toLowerCase())) errors.branch = `branch "${row.branch}" is not a branch of the portal`;
    return { line, ...row, type, errors };
  });
}

/** Rows per INSERT: a few hundred rows per statement, well under PostgreSQL's parameter limit. */
const CHUNK = 500;

/**
 * `crm/import_members`: a preview of every row with its errors; with `commit` and only when every
 * row is valid, the members are created in one transaction and emailed their completion links, as
 * approved requests are (the same approved client, token and mail as createApprovedMember), written
 * a few hundred rows per statement so a file of thousands does not hold the database for minutes.
 * Nothing is written otherwise.
 */
export async function importMembers(deps: ModuleDeps, user: CurrentUser, csv: string, commit: boolean) {
  const rows = await checkRows(deps.db, readRows(csv));
  const valid = rows.every((row) => Object.keys(row.errors).length === 0);
  if (!valid || !commit) return { rows, valid, created: 0 };
  const now = deps.now();
  const branchIds = new Map((await deps.db.select({ id: branches.id, name: branches.name }).from(branches)).map((b) => [b.name.toLowerCase(), b.id]));
  const created = await withClientErrors(() =>
    deps.db.transaction(async (tx) => {
      // A user may have appeared since the preview; a live client with the email is caught by its unique index.
      const emails = rows.map((row) => row.email.toLowerCase());
      for (const part of inBatches(emails, CHUNK)) {
        const [taken] = await tx.select({ email: users.email }).from(users).where(inArray(sql`lower(${users.email})`, part)).limit(1);
        if (taken) throw conflict('csv', `${taken.email} already belongs to a user; preview the file again`);
      }
      let count = 0;
      for (const part of inBatches(rows, CHUNK)) {
        const made = await tx
          .insert(clients)
          .values(
            part.map((row) => ({
              type: row.type as 'stockist' | 'individual',
              name: row.name,
              contactName: row.contact_name,
              email: row.email,
              phone: row.phone,
              branchId: row.branch ? branchIds.get(row.branch.toLowerCase())! : null,
              membershipStatus: 'approved' as const,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .returning({ id: clients.id, name: clients.name, contactName: clients.contactName, email: clients.email, locale: clients.locale, type: clients.type, branchId: clients.branchId });
        const tokens = made.map((client) => ({ client, ...newToken(client.id, now, deps.membershipTokenDays) }));
        await tx.insert(membershipTokens).values(tokens.map((t) => t.row));
        await enqueueMany(
          tx,
          tokens.map(({ client, token }) => {
            const mail = completionMail(deps, client, token);
            return { kind: MAIL_JOB, payload: { ...mail.message }, ref: mail.options.ref };
          }),
        );
        await tx.insert(auditLog).values(made.map((client) => ({ userId: user.id, action: 'create', entity: 'client', entityId: String(client.id), data: { email: client.email, import: true } })));
        await domainEvents.publishMany(tx, 'client.created', made.map((client) => clientCreatedData({ ...client, branch_id: client.branchId })), { at: now, by: user.id });
        count += made.length;
      }
      await recordAudit(tx, { userId: user.id, action: 'import_members', entity: 'client', data: { rows: rows.length } });
      return count;
    }),
  );
  deps.jobs.wake();
  return { rows, valid, created };
}
