import type { BillingDocumentLabels } from '../../../../i18n/billing-documents/en';
import { englishLabels, fill, labelsFor, titleIn, type TitleKey } from './format';
import { colors, pairs, Sheet } from './layout';
import type { PdfLocale, PdfParty, PdfSupplier } from './model';

/** The parts every billing document shares: the letterhead with the title, a party's block, the EFT details, the footer. */

export interface Context {
  sheet: Sheet;
  locale: PdfLocale;
  labels: BillingDocumentLabels;
}

export const context = (sheet: Sheet, locale: PdfLocale): Context => ({ sheet, locale, labels: labelsFor(locale) });

/** "Label: value" with the language's own colon (a spaced one in French, a full-width one in Chinese). */
export function labelled(locale: PdfLocale, label: string, value: string): string {
  if (locale === 'zh') return `${label}：${value}`;
  if (locale === 'fr') return `${label} : ${value}`;
  return `${label}: ${value}`;
}

/**
 * A title as the letterhead prints it: a billing document's (its English words, which SARS reads,
 * and the reader's language under them), or another document's own words in the reader's language.
 */
export type Title = TitleKey | { words: string };

export interface MetaRow {
  label: string;
  value: string;
  strong?: boolean;
}

/**
 * The letterhead: the supplier (name, address, VAT and registration numbers) at the start, the
 * title at the end. The title is the English one ("Tax Invoice", as the VAT Act words it) with the
 * reader's language under it, and the document's numbers and dates under that.
 */
export function letterhead(ctx: Context, supplier: PdfSupplier, title: Title, meta: MetaRow[]): void {
  const { sheet, locale, labels } = ctx;
  const top = sheet.y;
  const startWidth = sheet.width * 0.5;
  const endWidth = sheet.width * 0.46;
  const endX = sheet.width - endWidth;

  let y = top;
  y += sheet.text(supplier.name, 0, y, { width: startWidth, size: 14, weight: 'bold', color: colors.accent, direction: 'auto' }) + 2;
  y += sheet.text(supplier.address, 0, y, { width: startWidth, size: 8.5, color: colors.muted, direction: 'auto' }) + 3;
  y += sheet.text(labelled(locale, labels.vat_number, supplier.vat_number), 0, y, { width: startWidth, size: 8.5 });
  if (supplier.registration_number) y += sheet.text(labelled(locale, labels.registration_number, supplier.registration_number), 0, y, { width: startWidth, size: 8.5 });

  let endY = top - 4;
  if (typeof title === 'object') {
    endY += sheet.text(title.words, endX, endY, { width: endWidth, size: 18, weight: 'bold', color: colors.accent, align: 'end' });
  } else {
    endY += sheet.text(englishLabels[title], endX, endY, { width: endWidth, size: 21, weight: 'bold', color: colors.accent, align: 'end', direction: 'ltr' });
    if (locale !== 'en') endY += sheet.text(labels[title], endX, endY, { width: endWidth, size: 12.5, weight: 'bold', color: colors.accent, align: 'end' });
  }
  endY += 6;
  endY += pairs(sheet, endX, endY, endWidth, meta, { size: 8.5, labelWidth: endWidth * 0.42 });

  sheet.y = Math.max(y, endY) + 10;
  sheet.rule(0, sheet.y, sheet.width, colors.accent, 1.4);
  sheet.y += 12;
}

/** A small heading over a block ("Bill to", "VAT summary"). */
export function heading(ctx: Context, text: string, x: number, y: number, width: number): number {
  return ctx.sheet.text(text, x, y, { width, size: 8, weight: 'bold', color: colors.accent }) + 2;
}

/** A party: name, address, VAT and registration numbers (the ones it has). Answers the height used. */
export function party(ctx: Context, title: string, who: PdfParty, x: number, y: number, width: number): number {
  const { sheet, locale, labels } = ctx;
  let top = y + heading(ctx, title, x, y, width);
  top += sheet.text(who.name, x, top, { width, size: 10, weight: 'bold', direction: 'auto' });
  if (who.address) top += sheet.text(who.address, x, top, { width, size: 8.5, color: colors.muted, direction: 'auto' });
  if (who.vat_number) top += sheet.text(labelled(locale, labels.vat_number, who.vat_number), x, top, { width, size: 8.5 });
  if (who.registration_number) top += sheet.text(labelled(locale, labels.registration_number, who.registration_number), x, top, { width, size: 8.5 });
  return top - y;
}

/** Where to pay by EFT, with the document's number as the payment reference when there is one. */
export function bankDetails(ctx: Context, supplier: PdfSupplier, reference?: string): void {
  const { sheet, labels } = ctx;
  if (!supplier.bank) return;
  const rows = [
    { label: labels.bank, value: supplier.bank.bank_name },
    { label: labels.account_name, value: supplier.bank.account_name },
    { label: labels.account_number, value: supplier.bank.account_number },
    { label: labels.branch_code, value: supplier.bank.branch_code },
    ...(reference ? [{ label: labels.payment_reference, value: reference }] : []),
  ];
  const width = sheet.width * 0.5;
  const height = rows.length * sheet.lineHeight(8.5) + sheet.lineHeight(8) + 16;
  sheet.ensure(height);
  sheet.y += 4;
  sheet.y += heading(ctx, labels.payment_details, 0, sheet.y, width);
  sheet.rule(0, sheet.y, width);
  sheet.y += 3;
  // Values read from the start here (an account name is text, not an amount).
  for (const row of rows) {
    const used = Math.max(
      sheet.text(row.label, 0, sheet.y, { width: width * 0.4, size: 8.5, color: colors.muted }),
      sheet.text(row.value, width * 0.4, sheet.y, { width: width * 0.6, size: 8.5, direction: 'auto' }),
    );
    sheet.y += used;
  }
  sheet.y += 6;
}

/** A short note in small grey type. */
export function note(ctx: Context, text: string): void {
  const { sheet } = ctx;
  const box = { width: sheet.width, size: 7.5, color: colors.muted };
  sheet.ensure(sheet.height(text, box));
  sheet.y += sheet.text(text, 0, sheet.y, box);
}

/** The footer of every page: the supplier and its VAT number at the start, "Page 1 of 2" at the end. */
export function footer(ctx: Context, supplier: PdfSupplier): (page: number, pages: number) => void {
  const { sheet, locale, labels } = ctx;
  return (page, pages) => {
    const top = sheet.footerTop;
    sheet.rule(0, top, sheet.width);
    const half = sheet.width / 2;
    sheet.text(`${supplier.name} · ${labelled(locale, labels.vat_number, supplier.vat_number)}`, 0, top + 4, { width: half + 60, size: 7, color: colors.muted });
    sheet.text(fill(labels.page, { page, pages }), half + 60, top + 4, { width: half - 60, size: 7, color: colors.muted, align: 'end' });
  };
}

/** The top of a follow-on page: the title and the document's number, so a loose page is still identifiable. */
export function continuation(ctx: Context, supplier: PdfSupplier, title: Title, reference: string): () => void {
  const { sheet, locale } = ctx;
  return () => {
    const titleText = typeof title === 'object' ? title.words : titleIn(title, locale);
    const half = sheet.width / 2;
    const used = Math.max(
      sheet.text(supplier.name, 0, sheet.y, { width: half, size: 9, weight: 'bold', color: colors.accent, direction: 'auto' }),
      sheet.text(`${titleText} · ${reference}`, half, sheet.y, { width: half, size: 9, weight: 'bold', color: colors.accent, align: 'end' }),
    );
    sheet.y += used + 4;
    sheet.rule(0, sheet.y, sheet.width, colors.accent, 1);
    sheet.y += 10;
  };
}
