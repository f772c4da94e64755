import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingDocumentsAr } from '../../i18n/billing-documents/ar';
import { billingDocumentsEn } from '../../i18n/billing-documents/en';
import { billingDocumentsEs } from '../../i18n/billing-documents/es';
import { billingDocumentsFr } from '../../i18n/billing-documents/fr';
import { billingDocumentsZh } from '../../i18n/billing-documents/zh';
import { renderDocumentPdf, renderStatementPdf, warmUpFonts, type PdfLocale } from '../../server/modules/billing/pdf';
import { face } from '../../server/modules/billing/pdf/fonts';
import { date, money, quantity } from '../../server/modules/billing/pdf/format';
import { sampleAbridgedCreditNote, sampleAbridgedInvoice, sampleCreditNote, sampleDebitNote, sampleInvoice, sampleStatement, sampleSupplier } from '../../server/modules/billing/pdf/samples';
import { shape } from '../../server/modules/billing/pdf/text';
import { pdfText } from './support/pdfText';

/**
 * The billing PDFs, read back with pdf.js (what a browser's viewer and most tooling use): the
 * SARS words, the numbers and amounts are there as text, Arabic comes out in logical order (as
 * typed, ligatures included), Chinese is there, and every font is embedded. No database needed.
 */

const locales: PdfLocale[] = ['en', 'ar', 'es', 'fr', 'zh'];
const labels = { en: billingDocumentsEn, ar: billingDocumentsAr, es: billingDocumentsEs, fr: billingDocumentsFr, zh: billingDocumentsZh };

const textOf = pdfText;

/** Every font in the file is embedded: as many font programs (FontFile2 TrueType, FontFile3 CFF) as font descriptors, and at least one. */
function expectFontsEmbedded(pdf: Buffer): void {
  const raw = pdf.toString('latin1');
  const descriptors = raw.match(/\/Type \/FontDescriptor/g)?.length ?? 0;
  const programs = raw.match(/\/FontFile[23] /g)?.length ?? 0;
  expect(descriptors).toBeGreaterThan(0);
  expect(programs).toBe(descriptors);
  // Subsets (ABCDEF+Name), not whole fonts: a whole Chinese font would be megabytes.
  expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+/);
  expect(pdf.length).toBeLessThan(400_000);
}

/**
 * No glyph maps to no text: an empty ToUnicode entry (`<>`) makes extractors print garbage
 * ("!" for ح in pdf.js) — what fontkit's glyph cache did before fonts.ts guarded against it.
 */
function expectEveryGlyphMapped(pdf: Buffer): void {
  const raw = pdf.toString('latin1');
  let maps = 0;
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let text: string;
    try {
      text = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    if (!text.includes('beginbfrange')) continue;
    maps += 1;
    expect(text).not.toContain('<>');
  }
  expect(maps).toBeGreaterThan(0);
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The line table is complete: the quantity heading, and every line's description, quantity, unit
 * price, VAT and total. The quantity is a cell of its own beside the unit price (before it in a
 * left-to-right table, after it when Arabic lays the row out right to left).
 */
function expectLinesComplete(text: string, doc: ReturnType<typeof sampleInvoice>, quantityLabel: string): void {
  expect(text).toContain(quantityLabel);
  for (const line of doc.lines) {
    expect(text).toContain(line.description.split(' ')[0]);
    for (const amount of [line.unit_price, line.vat, line.total]) expect(text).toContain(money(amount));
    const [count, price] = [escaped(quantity(line.quantity)), escaped(money(line.unit_price))];
    expect(text).toMatch(new RegExp(`(^|\\s)${count}\\s+${price}|${price}\\s+${count}(\\s|$)`));
  }
}

beforeAll(() => warmUpFonts());

describe('billing PDFs', () => {
  for (const locale of locales) {
    const words = labels[locale];

    it(`full tax invoice (${locale})`, async () => {
      const doc = sampleInvoice(locale);
      const pdf = await renderDocumentPdf(doc, locale);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expectFontsEmbedded(pdf);
      expectEveryGlyphMapped(pdf);
      const text = await textOf(pdf);
      expect(text).toContain('Tax Invoice');
      expect(text).toContain(words.tax_invoice);
      expect(text).toContain(doc.number);
      expect(text).toContain(sampleSupplier.vat_number);
      expect(text).toContain(doc.recipient.vat_number);
      expect(text).toContain(doc.recipient.name);
      expect(text).toContain(money(doc.total));
      expect(text).toContain(money(doc.vat));
      expect(text).toContain(words.quantity);
      expect(text).toContain(words.class_zero);
      expect(text).toContain(words.class_exempt);
    });

    it(`abridged tax invoice (${locale}): no recipient, every line with its quantity, unit price, VAT and total`, async () => {
      const doc = sampleAbridgedInvoice(locale);
      const pdf = await renderDocumentPdf(doc, locale);
      expectFontsEmbedded(pdf);
      const text = await textOf(pdf);
      expect(text).toContain('Tax Invoice');
      expect(text).toContain(doc.number);
      expect(text).toContain(sampleSupplier.vat_number);
      expect(text).toContain(money(doc.total));
      expect(text).not.toContain(words.bill_to);
      expectLinesComplete(text, doc, words.quantity);
    });

    it(`credit note (${locale}): the customer, the invoice it corrects, the reason, and complete lines`, async () => {
      const doc = sampleCreditNote(locale);
      const pdf = await renderDocumentPdf(doc, locale);
      expectFontsEmbedded(pdf);
      const text = await textOf(pdf);
      expect(text).toContain('Credit Note');
      expect(text).toContain(words.credit_note);
      expect(text).toContain(doc.number);
      expect(text).toContain(doc.invoice_number);
      expect(text).toContain('damaged in transit');
      expect(text).toContain(sampleSupplier.vat_number);
      expect(text).toContain(money(doc.total));
      expect(text).toContain(doc.recipient.name);
      expect(text).toContain(doc.recipient.vat_number);
      expectLinesComplete(text, doc, words.quantity);
    });

    it(`abridged credit note (${locale}): names the customer (no VAT number when it has none), the invoice and the reason; quantities`, async () => {
      const doc = sampleAbridgedCreditNote(locale);
      const text = await textOf(await renderDocumentPdf(doc, locale));
      expect(text).toContain('Credit Note');
      expect(text).toContain(words.bill_to);
      expect(text).toContain(doc.recipient.name);
      expect(text).toContain('Orlando West');
      expect(text).toContain(doc.invoice_number);
      expect(text).toContain('returned unopened');
      // The customer has no VAT number: only the supplier's is printed (letterhead and footer).
      expect(text.split(words.vat_number).length - 1).toBe(2);
      expectLinesComplete(text, doc, words.quantity);
    });

    it(`one date format (${locale}): every date of the invoice and the statement as the one formatter writes it`, async () => {
      const invoice = sampleInvoice(locale);
      const invoiceText = await textOf(await renderDocumentPdf(invoice, locale));
      for (const day of [invoice.issue_date, invoice.due_date!]) expect(invoiceText).toContain(date(day, locale));
      const statement = sampleStatement();
      const statementText = await textOf(await renderStatementPdf(statement, locale));
      for (const day of [statement.from, statement.to, ...statement.entries.map((entry) => entry.date)]) expect(statementText).toContain(date(day, locale));
      // In English the month is abbreviated everywhere: never "March" beside "Mar".
      if (locale === 'en') expect(`${invoiceText}${statementText}`).not.toMatch(/\d (March|April) \d/);
    });

    it(`statement (${locale})`, async () => {
      const statement = sampleStatement();
      const pdf = await renderStatementPdf(statement, locale);
      expectFontsEmbedded(pdf);
      expectEveryGlyphMapped(pdf);
      const text = await textOf(pdf);
      expect(text).toContain(words.statement);
      expect(text).toContain(words.opening_balance);
      expect(text).toContain(money(statement.opening_balance));
      expect(text).toContain(money(statement.closing_balance));
      expect(text).toContain(statement.entries[0].number);
      expect(text).toContain(words.ageing_120_plus);
      expect(text).toContain(money(statement.ageing.days_120_plus));
    });
  }

  it('debit note: "Debit Note", the invoice it adjusts, the reason', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const doc = sampleDebitNote();
      const text = await textOf(await renderDocumentPdf(doc, locale));
      expect(text).toContain('Debit Note');
      expect(text).toContain(labels[locale].debit_note);
      expect(text).toContain(doc.number);
      expect(text).toContain(doc.invoice_number);
      expect(text).toContain('surcharge not charged');
      expect(text).toContain(money(doc.total));
    }
  });

  it('Arabic comes out in logical order, as typed, ligatures included', async () => {
    const text = await textOf(await renderDocumentPdf(sampleInvoice('ar'), 'ar'));
    expect(text).toContain('فاتورة');
    expect(text).toContain('فاتورة ضريبية');
    expect(text).not.toContain('ةروتاف');
    // الإجمالي has the lam-alef ligature (لإ): one glyph for two letters.
    expect(text).toContain('الإجمالي');
    expect(text).toContain('الرقم الضريبي');
    // A mixed-script description stays readable.
    expect(text).toContain('تمور مجدول');
    expect(text).toContain('Medjool');
  });

  it('Chinese labels are there', async () => {
    const text = await textOf(await renderDocumentPdf(sampleInvoice('zh'), 'zh'));
    for (const label of ['税务发票', '发票编号', '增值税汇总', '含税合计', '零税率', '免税']) expect(text).toContain(label);
  });

  it('a statement too long for a page goes on over several, each numbered', async () => {
    const statement = sampleStatement(80);
    const text = await textOf(await renderStatementPdf(statement, 'en'));
    expect(text).toMatch(/Page 1 of [2-9]/);
    expect(text).toContain(statement.entries.at(-1)!.number);
    expect(text).toContain(money(statement.closing_balance));
  });

  it('Arabic letters are shaped: joined forms, not the isolated ones', () => {
    const word = 'فاتورة';
    const [run] = shape(word, { size: 10, weight: 'regular' }, 'rtl').runs;
    expect(run.face.script).toBe('arabic');
    const joined = run.face.font.layout(run.text).glyphs.map((glyph) => glyph.id);
    const isolated = Array.from(word, (letter) => run.face.font.layout(letter).glyphs[0].id);
    // ف at the start of a word takes its initial form; the run is handed back right to left.
    expect(joined).toHaveLength(isolated.length);
    expect(joined.at(-1)).not.toBe(isolated[0]);
    expect(joined.slice().reverse()).not.toEqual(isolated);
  });

  it('every language has the English keys, and its fonts have every letter of its labels', () => {
    const keys = Object.keys(billingDocumentsEn).sort();
    for (const locale of locales) {
      expect(Object.keys(labels[locale]).sort()).toEqual(keys);
      for (const [key, value] of Object.entries(labels[locale])) {
        expect(value.trim(), `${locale}.${key}`).not.toBe('');
        for (const char of value.replace(/%\{\w+\}/g, '')) {
          const covered = (['latin', 'arabic', 'cjk'] as const).some((script) => face(script, 'regular').font.hasGlyphForCodePoint(char.codePointAt(0)!));
          expect(covered, `${locale}.${key}: ${char}`).toBe(true);
        }
      }
    }
  });

  it('renders an invoice in well under 50 ms once the fonts are loaded', async () => {
    await renderDocumentPdf(sampleInvoice('en'), 'en');
    const started = performance.now();
    for (let i = 0; i < 5; i += 1) await renderDocumentPdf(sampleInvoice('en'), 'en');
    // Typically ~10 ms here; the bound is loose so a slow CI machine does not fail it, but it
    // catches fonts being read or parsed again per document (hundreds of milliseconds).
    expect((performance.now() - started) / 5).toBeLessThan(150);
  });
});
