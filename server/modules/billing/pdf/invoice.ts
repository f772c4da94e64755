import type { VatClass } from '../../../../shared/billing/vat';
import { bankDetails, context, continuation, footer, heading, letterhead, note, party, type Context, type MetaRow } from './blocks';
import { date, documentTitles, englishLabels, money, quantity, rate } from './format';
import { colors, Sheet, table, type Cell, type Column } from './layout';
import type { PdfDocument, PdfLine, PdfLocale } from './model';

/**
 * A tax invoice (VAT Act s20), credit note or debit note (s21), full or abridged.
 *
 * Every document: the words "Tax Invoice" (or "Credit Note", "Debit Note"), the serial number,
 * the date, and per line the description, quantity, unit price, amount, VAT and total (the law
 * lets an abridged invoice leave quantities out; the screen shows them, and a reader comparing
 * the two should find the same lines), the VAT per class and rate, and the total. A full invoice
 * and every note name the customer (name, address, VAT number when it has one): a note must
 * (s21), with the invoice it corrects and the reason. An abridged invoice (s20(5), at most
 * R5 000) leaves the recipient out.
 */

function classLabel(ctx: Context, vatClass: VatClass): string {
  const { labels } = ctx;
  return vatClass === 'standard' ? labels.class_standard : vatClass === 'zero' ? labels.class_zero : labels.class_exempt;
}

/** The VAT rate column: the rate, or "Exempt" (an exempt supply has no rate, not a zero one). */
const lineRate = (ctx: Context, line: { vat_class: VatClass; rate_bp: number }): string => (line.vat_class === 'exempt' ? ctx.labels.class_exempt : rate(line.rate_bp));

function meta(ctx: Context, doc: PdfDocument): MetaRow[] {
  const { labels, locale } = ctx;
  const numberLabel = doc.kind === 'invoice' ? labels.invoice_number : doc.kind === 'credit_note' ? labels.credit_note_number : labels.debit_note_number;
  return [
    { label: numberLabel, value: doc.number, strong: true },
    { label: labels.issue_date, value: date(doc.issue_date, locale) },
    ...(doc.due_date ? [{ label: labels.due_date, value: date(doc.due_date, locale) }] : []),
    ...(doc.invoice_number ? [{ label: labels.adjusts_invoice, value: doc.invoice_number }] : []),
    ...(doc.order_reference ? [{ label: labels.order_reference, value: doc.order_reference }] : []),
  ];
}

/** Whether the customer is named: on a full invoice and on every credit or debit note. */
const namesCustomer = (doc: PdfDocument): boolean => doc.full || doc.kind !== 'invoice';

/** The customer at the start, the reason for a note at the end. */
function parties(ctx: Context, doc: PdfDocument): void {
  const { sheet, labels } = ctx;
  const top = sheet.y;
  let bottom = top;
  if (namesCustomer(doc)) bottom = Math.max(bottom, top + party(ctx, labels.bill_to, doc.recipient, 0, top, sheet.width * 0.5));
  if (doc.kind !== 'invoice' && doc.reason) {
    const x = namesCustomer(doc) ? sheet.width * 0.54 : 0;
    const width = sheet.width - x;
    let y = top + heading(ctx, labels.reason, x, top, width);
    y += sheet.text(doc.reason, x, y, { width, size: 9, direction: 'auto' });
    bottom = Math.max(bottom, y);
  }
  if (bottom > top) sheet.y = bottom + 14;
}

function lines(ctx: Context, doc: PdfDocument): void {
  const { sheet, labels } = ctx;
  const money72 = 72;
  const fixed: Column[] = [
    { label: labels.quantity, width: 36, align: 'number' },
    { label: doc.prices_include_vat ? labels.unit_price_incl : labels.unit_price_excl, width: money72, align: 'number' },
    { label: labels.amount_excl_vat, width: money72, align: 'number' },
    { label: labels.vat_rate, width: 46, align: 'number' },
    { label: labels.vat, width: 64, align: 'number' },
    { label: labels.total, width: 76, align: 'number' },
  ];
  const description: Column = { label: labels.description, width: sheet.width - fixed.reduce((sum, column) => sum + column.width, 0), align: 'start' };
  const row = (line: PdfLine): (string | Cell)[] => [
    { text: line.description, sub: line.sku ? `${labels.sku} ${line.sku}` : undefined, direction: 'auto' },
    quantity(line.quantity),
    money(line.unit_price),
    money(line.total_excl_vat),
    lineRate(ctx, line),
    money(line.vat),
    { text: money(line.total), weight: 'bold' as const },
  ];
  table(sheet, [description, ...fixed], doc.lines.map(row));
  sheet.y += 14;
}

/** The VAT per class and rate at the start, the totals box at the end (the total on a dark band). */
function totals(ctx: Context, doc: PdfDocument): void {
  const { sheet, labels } = ctx;
  const size = 8.5;
  const rowHeight = sheet.lineHeight(size) + 8;
  sheet.ensure(rowHeight * (Math.max(doc.by_class.length + 1, 4) + 1) + 20);
  const top = sheet.y;

  // VAT summary: a small table of its own, beside the totals.
  const summaryWidth = sheet.width * 0.54;
  sheet.y += heading(ctx, labels.vat_summary, 0, sheet.y, summaryWidth);
  table(
    sheet,
    [
      { label: labels.vat_class, width: summaryWidth - 150, align: 'start' },
      { label: labels.amount_excl_vat, width: 78, align: 'number' },
      { label: labels.vat, width: 72, align: 'number' },
    ],
    doc.by_class.map((group) => [
      group.vat_class === 'exempt' ? classLabel(ctx, group.vat_class) : `${classLabel(ctx, group.vat_class)} ${lineRate(ctx, group)}`,
      money(group.total_excl_vat),
      money(group.vat),
    ]),
    { size: 8 },
  );
  const summaryBottom = sheet.y;

  // Totals box.
  const width = sheet.width * 0.4;
  const x = sheet.width - width;
  const totalLabel = doc.kind === 'credit_note' ? labels.credit_total : doc.kind === 'debit_note' ? labels.debit_total : labels.total_incl_vat;
  const rows = [
    { label: labels.total_excl_vat, value: money(doc.total_excl_vat) },
    { label: labels.total_vat, value: money(doc.vat) },
  ];
  let y = top;
  for (const row of rows) {
    sheet.text(row.label, x + 8, y + 4, { width: width * 0.55 - 8, size, color: colors.muted });
    sheet.text(row.value, x + width * 0.55, y + 4, { width: width * 0.45 - 8, size, align: 'number', direction: 'auto' });
    y += rowHeight;
    sheet.rule(x, y, width);
  }
  y += 4;
  const totalHeight = Math.max(sheet.height(totalLabel, { width: width * 0.55 - 8, size: 10, weight: 'bold' }), sheet.lineHeight(10)) + 10;
  sheet.box(x, y, width, totalHeight, colors.accent);
  sheet.text(totalLabel, x + 8, y + 5, { width: width * 0.55 - 8, size: 10, weight: 'bold', color: colors.white });
  sheet.text(money(doc.total), x + width * 0.55, y + 5, { width: width * 0.45 - 8, size: 10, weight: 'bold', color: colors.white, align: 'number', direction: 'auto' });
  y += totalHeight;

  sheet.y = Math.max(summaryBottom, y) + 16;
}

export async function renderDocument(doc: PdfDocument, locale: PdfLocale): Promise<Buffer> {
  const title = documentTitles[doc.kind];
  const sheet = new Sheet(locale, { title: `${englishLabels[title]} ${doc.number}`, author: doc.supplier.name, subject: `${englishLabels[title]} ${doc.number}` });
  const ctx = context(sheet, locale);
  sheet.onNewPage = continuation(ctx, doc.supplier, title, doc.number);

  letterhead(ctx, doc.supplier, title, meta(ctx, doc));
  parties(ctx, doc);
  lines(ctx, doc);
  totals(ctx, doc);
  if (doc.kind !== 'credit_note') bankDetails(ctx, doc.supplier, doc.number);
  note(ctx, ctx.labels.currency_note);
  return sheet.finish(footer(ctx, doc.supplier));
}
