import { billingDocumentsAr } from '../../../../i18n/billing-documents/ar';
import { billingDocumentsEn, type BillingDocumentLabels } from '../../../../i18n/billing-documents/en';
import { billingDocumentsEs } from '../../../../i18n/billing-documents/es';
import { billingDocumentsFr } from '../../../../i18n/billing-documents/fr';
import { billingDocumentsZh } from '../../../../i18n/billing-documents/zh';
import { isLocale } from '../../../../i18n/locales';
import { FORMAT_LOCALE, formatMoney, plainSpaces } from '../../../../shared/money/format';
import type { PdfDocument, PdfLocale } from './model';

/** Words and figures as the PDFs print them. */

const labelsByLocale: Record<PdfLocale, BillingDocumentLabels> = {
  en: billingDocumentsEn,
  ar: billingDocumentsAr,
  es: billingDocumentsEs,
  fr: billingDocumentsFr,
  zh: billingDocumentsZh,
};

/** A stored language (a client's, a document's) as a PDF's: English when it has none or an unknown one. */
export const pdfLocale = (locale: string | null | undefined): PdfLocale => (isLocale(locale) ? locale : 'en');

export const labelsFor = (locale: PdfLocale): BillingDocumentLabels => labelsByLocale[locale];
export const englishLabels = billingDocumentsEn;

export type TitleKey = 'tax_invoice' | 'credit_note' | 'debit_note' | 'statement';
export const documentTitles: Record<PdfDocument['kind'], TitleKey> = { invoice: 'tax_invoice', credit_note: 'credit_note', debit_note: 'debit_note' };

/** A title on one line: the English words (SARS reads those) and, in another language, its own beside them. */
export const titleIn = (title: TitleKey, locale: PdfLocale): string =>
  locale === 'en' ? englishLabels[title] : `${englishLabels[title]} · ${labelsFor(locale)[title]}`;

/** `Page %{page} of %{pages}` with the values put in. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

export const isRightToLeft = (locale: PdfLocale): boolean => locale === 'ar';

/**
 * Money is printed the South African way in every language (shared/money/format.ts): the document
 * is a South African tax document. Intl's no-break spaces become plain spaces, so searching the
 * PDF for "1 234,56" finds it.
 */
export const money = (cents: number): string => plainSpaces(formatMoney(cents));

/** Quantities and VAT rates in the same en-ZA style as the money (a decimal comma, spaced thousands). */
const count = new Intl.NumberFormat(FORMAT_LOCALE, { maximumFractionDigits: 3 });
export const quantity = (value: number): string => plainSpaces(count.format(value));
const percent = new Intl.NumberFormat(FORMAT_LOCALE, { style: 'percent', maximumFractionDigits: 2 });
/** A rate in basis points (1500) as a percentage ("15%"). */
export const rate = (basisPoints: number): string => plainSpaces(percent.format(basisPoints / 10_000));

/**
 * Dates (YYYY-MM-DD) in the reader's language, one format per language on every document and in
 * every place ("14 Mar 2025" in English, headings and tables alike), the month spelt out so 03/04
 * is never a question. Arabic keeps Western digits (`nu-latn`), as the amounts and document
 * numbers beside them have. A mail's sentences take the month in full ("due on 14 March 2025"),
 * as a person writing it would: `prose`.
 */
const dateTags: Record<PdfLocale, string> = { en: 'en-ZA', ar: 'ar-u-nu-latn', es: 'es', fr: 'fr', zh: 'zh-CN' };
const dateStyles = {
  document: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  prose: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
export function date(day: string, locale: PdfLocale, style: keyof typeof dateStyles = 'document'): string {
  const key = `${locale}:${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateTags[locale], dateStyles[style]);
    dateFormats.set(key, format);
  }
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? day : plainSpaces(format.format(parsed));
}

/** The BCP 47 tag written into the PDF's /Lang, for screen readers and search. */
export const languageTag: Record<PdfLocale, string> = { en: 'en-ZA', ar: 'ar', es: 'es', fr: 'fr', zh: 'zh-CN' };
