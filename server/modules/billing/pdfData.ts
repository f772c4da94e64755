import type { Db } from '../../db/client';
import type { CurrentUser } from '../../auth/roles';
import type { DocumentType } from '../../db/schema';
import type { PdfDocument } from './pdf/model';
import { pdfLocale } from './pdf/format';

/** The PDF code (and its fonts) loads on the first document asked for, not at every start. */
const renderer = () => import('./pdf');
import { getDocument } from './documents';
import { settingsRow, supplierParty } from './settings';
import { statement } from './statements';
import { visibleClient } from './access';

/** The PDF of an issued document the user may see, as it was issued (its own copy of the parties). */
export async function documentPdf(db: Db, user: CurrentUser, id: number, types: DocumentType[], locale: string | undefined, now: Date) {
  const document = await getDocument(db, user, id, types, now);
  const { renderDocumentPdf } = await renderer();
  const pdf = await renderDocumentPdf(
    {
      kind: document.type,
      full: document.full,
      number: document.number,
      issue_date: document.issue_date,
      due_date: document.type === 'invoice' ? document.due_at : undefined,
      order_reference: document.order_reference ?? undefined,
      invoice_number: document.invoice_number ?? undefined,
      reason: document.reason || undefined,
      supplier: document.supplier as PdfDocument['supplier'],
      recipient: document.recipient,
      lines: document.lines,
      total_excl_vat: document.total_excl_vat,
      vat: document.vat,
      total: document.total,
      by_class: document.by_class,
      prices_include_vat: document.prices_include_vat,
    },
    pdfLocale(locale),
  );
  return { pdf, filename: `${document.number}.pdf` };
}

export async function statementPdf(db: Db, user: CurrentUser, clientId: number, period: { from: string; to: string }, locale: string | undefined) {
  const [data, settings, client] = await Promise.all([statement(db, user, clientId, period), settingsRow(db), visibleClient(db, user, clientId)]);
  const { renderStatementPdf } = await renderer();
  const pdf = await renderStatementPdf(
    {
      supplier: supplierParty(settings),
      client: { name: client.name, address: client.address, vat_number: client.vatNumber },
      from: data.from,
      to: data.to,
      opening_balance: data.opening_balance,
      closing_balance: data.closing_balance,
      entries: data.entries,
      ageing: data.ageing,
    },
    pdfLocale(locale ?? client.locale),
  );
  return { pdf, filename: `statement-${client.id}-${data.to}.pdf` };
}
