/**
 * Billing PDFs: tax invoices (full and abridged), credit and debit notes, statements of account,
 * in English, Arabic, Spanish, French and Chinese.
 *
 * Which PDF library (Node 20, fonts from npm, no browser):
 * - pdfkit (chosen): embeds TrueType and CFF fonts as subsets (only the glyphs a document uses:
 *   an English invoice is ~17 kB, a Chinese one ~78 kB out of an 8 MB font) with a ToUnicode map,
 *   so text is selectable and searchable; shapes text with fontkit, which implements OpenType
 *   GSUB/GPOS and the Arabic shaper (initial, medial, final and isolated forms, lam-alef). It has
 *   no bidi algorithm and no font fallback: text.ts adds both (bidi-js, a per-character choice
 *   of font). Pure JavaScript, runs on Node 20.
 * - pdf-lib: fine for filling and editing existing PDFs and embeds font subsets too, but lays
 *   text out one code point to one glyph, without shaping: Arabic would print as unjoined
 *   isolated letters, which is unreadable. Ruled out for that alone.
 * (HTML-to-PDF through a headless browser would shape everything, but needs a browser binary,
 * which `npm install` alone does not provide.)
 *
 * Arabic: drawn in visual order (fontkit hands right-to-left runs back reversed, as they are
 * drawn), which is what viewers and extractors expect: pdf.js and poppler's pdftotext reverse
 * right-to-left text back to logical order as they extract it. A ligature (lam-alef, one glyph
 * for two letters) would come out swapped, so fonts.ts writes the ToUnicode entry of a
 * multi-letter glyph in a right-to-left run reversed; an /ActualText span was tried and does
 * not work: pdf.js ignores it and pdftotext reverses it too. Checked with pdf.js
 * (tests/api/billing-pdf.test.ts) and pdftotext.
 *
 * Speed, measured on the project's 2-core machine (Node 20) after warm-up, CPU time per
 * document: full 5-line invoice en ≈ 12 ms, ar ≈ 18 ms, zh ≈ 13 ms (≈ 33 ms when its Chinese
 * glyphs differ from the documents before: subsetting the CFF Chinese font, cached per glyph
 * set in fonts.ts); statement ≈ 10–15 ms. Parsing the fonts costs ~0.3 s once per process, on
 * the first document or at start with `warmUpFonts()`.
 */
import { renderDocument } from './invoice';
import type { PdfDocument, PdfLocale, PdfStatement } from './model';
import { renderStatement } from './statement';

export type { PdfDocument, PdfLine, PdfLocale, PdfParty, PdfStatement, PdfSupplier } from './model';
export { warmUpFonts } from './fonts';

/** A tax invoice (full or abridged), credit note or debit note as a PDF. */
export function renderDocumentPdf(doc: PdfDocument, locale: PdfLocale): Promise<Buffer> {
  return renderDocument(doc, locale);
}

/** A statement of account as a PDF. */
export function renderStatementPdf(statement: PdfStatement, locale: PdfLocale): Promise<Buffer> {
  return renderStatement(statement, locale);
}
