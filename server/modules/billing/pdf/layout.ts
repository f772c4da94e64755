import PDFDocument from 'pdfkit';
import { features, type Face, type Weight } from './fonts';
import { isRightToLeft, languageTag } from './format';
import type { PdfLocale } from './model';
import { wrap, type BaseDirection, type Line } from './text';

/**
 * The page and the drawing primitives the documents are made of: text boxes, rules, filled
 * boxes and a table that breaks across pages. Positions are logical: `x` is measured from the
 * start edge of the content area (the left in English, the right in Arabic), so one layout serves
 * both directions and an Arabic document is the mirror image of an English one.
 */

/** A4 in points, with 15 mm margins. */
export const A4 = { width: 595.28, height: 841.89 };
const margin = 42;
const footerHeight = 28;

export const colors = {
  text: '#1f2933',
  muted: '#5f6b7a',
  accent: '#1c3d5a',
  rule: '#c9d2dc',
  band: '#e9eff5',
  white: '#ffffff',
};

/** Where text sits in its box: `start`/`end` follow the reading direction; numbers are always right aligned, so their decimals line up. */
export type Align = 'start' | 'end' | 'center' | 'number';

export interface TextBox {
  width: number;
  size?: number;
  weight?: Weight;
  color?: string;
  align?: Align;
  /** `ui` (the default) orders the text in the document's direction (labels); `auto` from its first letter (names, addresses, numbers). */
  direction?: 'ui' | BaseDirection;
}

/** Line height as a multiple of the font size: Naskh's tall letters and marks need more room. */
const leading: Record<PdfLocale, number> = { en: 1.3, es: 1.3, fr: 1.3, ar: 1.65, zh: 1.45 };

export class Sheet {
  readonly doc: PDFKit.PDFDocument;
  readonly rtl: boolean;
  readonly width = A4.width - 2 * margin;
  /** Top of the next thing to draw on the current page. */
  y = margin;
  /** Drawn at the top of every page after the first (a short reminder of which document it is). */
  onNewPage?: () => void;
  private readonly registered = new Set<string>();
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<void>;

  constructor(
    readonly locale: PdfLocale,
    info: { title: string; author: string; subject: string },
  ) {
    this.rtl = isRightToLeft(locale);
    // No default font (PDFKit would load Helvetica's metrics for nothing); margins are ours.
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      bufferPages: true,
      font: null as unknown as string,
      lang: languageTag[locale],
      displayTitle: true,
      pdfVersion: '1.7',
      info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: 'Members Portal' },
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve());
      this.doc.on('error', reject);
    });
  }

  get bottom(): number {
    return A4.height - margin - footerHeight;
  }

  lineHeight(size: number): number {
    return size * leading[this.locale];
  }

  /** The page x of the left edge of a box `width` wide starting `x` from the start edge. */
  left(x: number, width: number): number {
    return this.rtl ? A4.width - margin - x - width : margin + x;
  }

  /** Starts a new page when `height` more does not fit on this one; says whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.y = margin;
    this.onNewPage?.();
    return true;
  }

  private use(face: Face, size: number): void {
    size *= face.sizeFactor;
    if (!this.registered.has(face.key)) {
      // Registered on first use: a face never drawn is neither opened nor embedded.
      this.doc.registerFont(face.key, face.font as unknown as PDFKit.Mixins.PDFFontSource);
      this.registered.add(face.key);
    }
    this.doc.font(face.key).fontSize(size);
  }

  lines(text: string, box: TextBox): Line[] {
    const direction = !box.direction || box.direction === 'ui' ? (this.rtl ? 'rtl' : 'ltr') : box.direction;
    return wrap(text, { size: box.size ?? 9, weight: box.weight ?? 'regular' }, box.width, direction);
  }

  /** Height `text` takes in a box (wrapped to its width). */
  height(text: string, box: TextBox): number {
    return this.lines(text, box).length * this.lineHeight(box.size ?? 9);
  }

  /** Draws `text` wrapped in a box whose top is at `y`; answers the height used. */
  text(text: string, x: number, y: number, box: TextBox): number {
    const size = box.size ?? 9;
    const lineHeight = this.lineHeight(size);
    const lines = this.lines(text, box);
    const boxLeft = this.left(x, box.width);
    const align = box.align ?? 'start';
    lines.forEach((line, index) => {
      let lineLeft = boxLeft;
      const free = box.width - line.width;
      if (align === 'number' || (align === 'end' && !this.rtl) || (align === 'start' && this.rtl)) lineLeft += free;
      else if (align === 'center') lineLeft += free / 2;
      // The baseline a little below the middle of the line, so capitals sit centred in it.
      this.drawLine(line, lineLeft, y + index * lineHeight + lineHeight / 2 + size * 0.35, size, box.color ?? colors.text);
    });
    return lines.length * lineHeight;
  }

  private drawLine(line: Line, left: number, baseline: number, size: number, color: string): void {
    let x = left;
    for (const run of line.runs) {
      this.use(run.face, size);
      if (run.face.emboldened) this.doc.lineWidth(size * 0.045).strokeColor(color);
      // `features` makes PDFKit shape the run whole: without it PDFKit shapes word by word, which
      // leaves the words of a right-to-left run in left-to-right order.
      this.doc.fillColor(color).text(run.text, x, baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
        features: [...features],
        ...(run.face.emboldened ? { fill: true, stroke: true } : {}),
      });
      x += run.width;
    }
  }

  /** A filled rectangle, `x` from the start edge. */
  box(x: number, y: number, width: number, height: number, fill: string): void {
    this.doc.rect(this.left(x, width), y, width, height).fill(fill);
  }

  /** A horizontal rule. */
  rule(x: number, y: number, width: number, color = colors.rule, thickness = 0.6): void {
    const left = this.left(x, width);
    this.doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke();
  }

  /** Writes `draw(page, pages)` on every page (the page numbers need the page count), then ends the document. */
  async finish(footer: (page: number, pages: number) => void): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let page = start; page < start + count; page += 1) {
      this.doc.switchToPage(page);
      footer(page - start + 1, count);
    }
    this.doc.end();
    await this.ended;
    return Buffer.concat(this.chunks);
  }

  /** The top of the footer band. */
  get footerTop(): number {
    return A4.height - margin - footerHeight + 10;
  }
}

export interface Column {
  label: string;
  width: number;
  align: Align;
}

export interface Cell {
  text: string;
  /** A second, smaller grey line (an item code under its description). */
  sub?: string;
  weight?: Weight;
  direction?: 'ui' | BaseDirection;
}

const cellPadding = { x: 5, y: 4 };

/**
 * A table across the content width: a banded header row, then the rows, each with a hairline
 * under it. A row that does not fit goes to the next page, under the header drawn again.
 */
export function table(sheet: Sheet, columns: Column[], rows: (string | Cell)[][], options: { size?: number; x?: number } = {}): void {
  const size = options.size ?? 8.5;
  const left = options.x ?? 0;
  const box = (column: Column, cell: Cell, cellSize: number) => ({
    width: column.width - 2 * cellPadding.x,
    size: cellSize,
    weight: cell.weight,
    align: column.align,
    direction: cell.direction ?? (column.align === 'number' ? 'auto' : 'ui'),
  });
  const offsets = columns.map((_, index) => left + columns.slice(0, index).reduce((sum, column) => sum + column.width, 0));
  const width = columns.reduce((sum, column) => sum + column.width, 0);

  const header = () => {
    const heights = columns.map((column) => sheet.height(column.label, box(column, { text: column.label, weight: 'bold' }, size - 0.5)));
    const height = Math.max(...heights) + 2 * cellPadding.y;
    sheet.box(left, sheet.y, width, height, colors.band);
    columns.forEach((column, index) =>
      sheet.text(column.label, offsets[index] + cellPadding.x, sheet.y + cellPadding.y, { ...box(column, { text: column.label, weight: 'bold' }, size - 0.5), color: colors.accent }),
    );
    sheet.y += height;
  };

  sheet.ensure(3 * sheet.lineHeight(size) + 2 * cellPadding.y);
  header();
  for (const row of rows) {
    const cells = row.map((cell) => (typeof cell === 'string' ? { text: cell } : cell));
    const heights = cells.map((cell, index) => {
      const column = columns[index];
      return sheet.height(cell.text, box(column, cell, size)) + (cell.sub ? sheet.height(cell.sub, box(column, cell, size - 1.5)) : 0);
    });
    const height = Math.max(...heights) + 2 * cellPadding.y;
    if (sheet.ensure(height)) header();
    cells.forEach((cell, index) => {
      const column = columns[index];
      const x = offsets[index] + cellPadding.x;
      const used = sheet.text(cell.text, x, sheet.y + cellPadding.y, box(column, cell, size));
      if (cell.sub) sheet.text(cell.sub, x, sheet.y + cellPadding.y + used, { ...box(column, { ...cell, weight: 'regular' }, size - 1.5), color: colors.muted });
    });
    sheet.y += height;
    sheet.rule(left, sheet.y, width);
  }
}

/**
 * Label and value pairs in two columns (the document's number and dates, a totals box): labels
 * at the start, values right aligned at the end. Answers the height used.
 */
export function pairs(
  sheet: Sheet,
  x: number,
  y: number,
  width: number,
  rows: { label: string; value: string; strong?: boolean }[],
  options: { size?: number; labelWidth?: number } = {},
): number {
  const size = options.size ?? 8.5;
  const labelWidth = options.labelWidth ?? width * 0.55;
  let top = y;
  for (const row of rows) {
    const weight: Weight = row.strong ? 'bold' : 'regular';
    const used = Math.max(
      sheet.text(row.label, x, top, { width: labelWidth, size, weight, color: row.strong ? colors.text : colors.muted }),
      sheet.text(row.value, x + labelWidth, top, { width: width - labelWidth, size, weight, align: 'number', direction: 'auto' }),
    );
    top += used;
  }
  return top - y;
}
