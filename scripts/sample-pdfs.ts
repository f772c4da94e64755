/**
 * Writes sample billing PDFs (full and abridged tax invoice, full and abridged credit note, debit note, statement)
 * in every language to a folder, to look at:
 *
 *   npx tsx scripts/sample-pdfs.ts /tmp/pdfs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderDocumentPdf, renderStatementPdf, type PdfLocale } from '../server/modules/billing/pdf';
import { sampleAbridgedCreditNote, sampleAbridgedInvoice, sampleCreditNote, sampleDebitNote, sampleInvoice, sampleStatement } from '../server/modules/billing/pdf/samples';

const folder = resolve(process.argv[2] ?? 'sample-pdfs');
mkdirSync(folder, { recursive: true });

const locales: PdfLocale[] = ['en', 'ar', 'es', 'fr', 'zh'];
for (const locale of locales) {
  const files: [string, Promise<Buffer>][] = [
    ['invoice', renderDocumentPdf(sampleInvoice(locale), locale)],
    ['abridged-invoice', renderDocumentPdf(sampleAbridgedInvoice(locale), locale)],
    ['credit-note', renderDocumentPdf(sampleCreditNote(locale), locale)],
    ['abridged-credit-note', renderDocumentPdf(sampleAbridgedCreditNote(locale), locale)],
    ['debit-note', renderDocumentPdf(sampleDebitNote(), locale)],
    ['statement', renderStatementPdf(sampleStatement(), locale)],
    ['statement-long', renderStatementPdf(sampleStatement(60), locale)],
  ];
  for (const [name, pdf] of files) {
    const path = join(folder, `${name}.${locale}.pdf`);
    writeFileSync(path, await pdf);
    console.log(path);
  }
}
