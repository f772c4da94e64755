import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../auth/roles';
import type { DocumentType } from '../../db/schema';
import { recordAudit } from '../../audit/record';
import { notFound } from '../../http/errors';
import { assertClientVisible } from '../clients/access';
import { documentPdf } from '../billing/pdfData';
import { memberData, type MemberData } from './exportData';

/**
 * Each issued document's PDF goes in while there are at most this many: a PDF takes tens of
 * milliseconds to draw, so a member with years of invoices gets the data (documents.json holds
 * every line) and the PDFs stay one click away on the billing screens.
 */
export const MAX_PDFS = 50;

const README = (data: MemberData, pdfs: number, generatedAt: string) => `Members Portal: your data
========================================

Member #${String(data.profile.id)}, exported ${generatedAt}.
This archive holds everything the portal keeps about this member (POPIA section 23).
Amounts are in cents (ZAR); dates and times in UTC (ISO 8601).

profile.json            the member: name, contact details, membership, billing terms, answers
users.json              the member's users: name, email, role, whether two-factor is on
                        (passwords and two-factor secrets are never exported: only their hashes are kept)
orders.json             every order with its lines and status history
billing_documents.json  tax invoices, credit and debit notes as issued, with their lines
payments.json           payments received and proofs of payment sent
consents.json           marketing consents given and withdrawn
mail_history.json       mail sent to the member's addresses: to, subject, when, status
                        (kind "message": single messages; "mailing_list": list mail)
documents/              the PDF of each billing document${pdfs < data.documents.length ? ` (the first ${pdfs} of ${data.documents.length}; the others are in the portal's billing screens)` : ''}

Issued tax documents are kept for five years after issue, as the tax law requires, also after an erasure.
`;

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/**
 * privacy/export: one zip of the member's data (exportData.ts), built in memory — a member's
 * data is kilobytes of JSON and a few PDFs. Only the admin or the member's own users get it (any
 * other client is a 404); the export itself is audit-logged, naming what went out, not its content.
 */
export async function exportArchive(db: Db, user: CurrentUser, clientId: number, now: Date): Promise<{ zip: Uint8Array; filename: string }> {
  assertClientVisible(user, clientId);
  const data = await memberData(db, clientId);
  if (!data) throw notFound('Client');
  const files: Zippable = {
    'README.txt': strToU8(''),
    'profile.json': json(data.profile),
    'users.json': json(data.users),
    'orders.json': json(data.orders),
    'billing_documents.json': json(data.documents),
    'payments.json': json(data.payments),
    'consents.json': json(data.consents),
    'mail_history.json': json(data.mail),
  };
  const withPdf = data.documents.slice(0, MAX_PDFS);
  for (const document of withPdf) {
    const { pdf, filename } = await documentPdf(db, user, document.id as number, [document.type as DocumentType], document.locale as string, now);
    files[`documents/${filename}`] = [new Uint8Array(pdf), { level: 0 }];
  }
  files['README.txt'] = strToU8(README(data, withPdf.length, now.toISOString()));
  await db.transaction((tx) =>
    recordAudit(tx, {
      userId: user.id,
      action: 'data_exported',
      entity: 'client',
      entityId: clientId,
      data: { orders: data.orders.length, documents: data.documents.length, users: data.users.length, mail: data.mail.length },
    }),
  );
  return { zip: zipSync(files, { level: 6, mtime: now }), filename: `member-${clientId}-data-${now.toISOString().slice(0, 10)}.zip` };
}
