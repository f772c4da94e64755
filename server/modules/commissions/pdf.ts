import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, users } from '../../db/schema';
import { settingsRow, supplierParty } from '../billing/settings';
import { continuation, footer, heading, labelled, letterhead, context, note, type Context } from '../billing/pdf/blocks';
import { date, fill, money, pdfLocale, rate } from '../billing/pdf/format';
import { colors, pairs, Sheet, table, type Column } from '../billing/pdf/layout';
import type { PdfLocale, PdfSupplier } from '../billing/pdf/model';
import { commissionDocumentsAr } from '../../../i18n/commission-documents/ar';
import { commissionDocumentsEn, type CommissionDocumentLabels } from '../../../i18n/commission-documents/en';
import { commissionDocumentsEs } from '../../../i18n/commission-documents/es';
import { commissionDocumentsFr } from '../../../i18n/commission-documents/fr';
import { commissionDocumentsZh } from '../../../i18n/commission-documents/zh';
import { monthDays } from '../../../shared/commissions/months';
import type { StatementRecord } from './wire';

/**
 * A rep's commission statement as a PDF, drawn with the billing PDFs' own sheet, letterhead,
 * tables and footer (fonts, right-to-left Arabic and Chinese glyphs included), in the rep's language.
 */

export const commissionLabels: Record<PdfLocale, CommissionDocumentLabels> = {
  en: commissionDocumentsEn,
  ar: commissionDocumentsAr,
  es: commissionDocumentsEs,
  fr: commissionDocumentsFr,
  zh: commissionDocumentsZh,
};

/** A month as its first and last day ("1 Mar 2025 – 31 Mar 2025"), as the billing statement prints its period. */
export function monthPeriod(month: string, locale: PdfLocale): string {
  const { from, to } = monthDays(month);
  return `${date(from, locale)} – ${date(to, locale)}`;
}

function summary(ctx: Context, words: CommissionDocumentLabels, statement: StatementRecord): void {
  const { sheet } = ctx;
  const width = sheet.width * 0.5;
  const x = sheet.width - width;
  sheet.y += heading(ctx, words.summary, x, sheet.y, width);
  sheet.y += pairs(sheet, x, sheet.y, width, [
    { label: words.target, value: statement.target === null ? words.no_target : money(statement.target) },
    { label: words.paid_net, value: money(statement.paid_net) },
    { label: words.tier, value: rate(statement.rate_bp) },
    { label: words.clawbacks, value: money(-statement.clawbacks) },
    { label: words.commission, value: money(statement.commission), strong: true },
  ]);
  sheet.rule(x, sheet.y + 2, width, colors.accent, 1);
  sheet.y += 16;
}

function lines(ctx: Context, words: CommissionDocumentLabels, statement: StatementRecord): void {
  const { sheet, locale } = ctx;
  const fixed: Column[] = [
    { label: words.date, width: 62, align: 'start' },
    { label: words.invoice, width: 70, align: 'start' },
    { label: words.reference, width: 86, align: 'start' },
    { label: words.net, width: 70, align: 'number' },
    { label: words.rate, width: 40, align: 'number' },
    { label: words.commission, width: 70, align: 'number' },
  ];
  const client = sheet.width - fixed.reduce((sum, column) => sum + column.width, 0);
  const columns: Column[] = [fixed[0], { label: words.client, width: client, align: 'start' }, ...fixed.slice(1)];
  table(
    sheet,
    columns,
    statement.lines.map((line) => [
      date(line.day, locale),
      { text: line.client_name, direction: 'auto' as const, sub: line.kind === 'clawback' ? words.clawback : words.payment },
      { text: line.invoice_number, direction: 'auto' as const },
      { text: line.document, direction: 'auto' as const },
      money(line.net),
      rate(line.rate_bp),
      money(line.commission),
    ]),
  );
  if (statement.lines.length === 0) {
    sheet.y += 4;
    note(ctx, words.no_lines);
  }
  sheet.y += 12;
}

export async function renderCommissionStatement(statement: StatementRecord, supplier: PdfSupplier, locale: PdfLocale): Promise<Buffer> {
  const words = commissionLabels[locale];
  const subject = `${commissionDocumentsEn.title} ${statement.rep_name} ${statement.month}`;
  const sheet = new Sheet(locale, { title: subject, author: supplier.name, subject });
  const ctx = context(sheet, locale);
  const title = { words: words.title };
  sheet.onNewPage = continuation(ctx, supplier, title, `${statement.rep_name} ${statement.month}`);
  letterhead(ctx, supplier, title, [
    { label: words.rep, value: statement.rep_name, strong: true },
    { label: words.month, value: monthPeriod(statement.month, locale) },
    { label: words.status, value: statement.closed && statement.closed_at ? fill(words.closed_on, { date: date(statement.closed_at.slice(0, 10), locale) }) : words.running },
  ]);
  summary(ctx, words, statement);
  lines(ctx, words, statement);
  note(ctx, labelled(locale, words.commission, money(statement.commission)));
  return sheet.finish(footer(ctx, supplier));
}

/** The language a rep reads: the client it belongs to's, else English (a user has no language of its own). */
export async function repLocale(db: Db, repId: number): Promise<PdfLocale> {
  const [row] = await db.select({ locale: clients.locale }).from(users).leftJoin(clients, eq(clients.id, users.clientId)).where(eq(users.id, repId));
  return pdfLocale(row?.locale);
}

/** The PDF of a statement in `locale`, with the company's details as the billing settings hold them. */
export async function statementPdf(db: Db, statement: StatementRecord, locale: PdfLocale): Promise<{ pdf: Buffer; filename: string }> {
  const supplier = supplierParty(await settingsRow(db)) as PdfSupplier;
  const pdf = await renderCommissionStatement(statement, supplier, locale);
  return { pdf, filename: `commission-${statement.month}-${statement.rep_id}.pdf` };
}
