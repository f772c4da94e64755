import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import bidiFactory from 'bidi-js';
import { create, type Font, type GlyphRun, type Subset } from 'fontkit';

/**
 * The fonts of the billing PDFs: Noto Sans (Latin, Greek, Cyrillic), Noto Naskh Arabic and Noto
 * Sans Hans (Simplified Chinese), in regular and bold, from npm packages, so a PDF is the same
 * on every machine after `npm install` and needs no system font. Each file is read and parsed once
 * per process and kept (the parsed font caches its glyphs); every document subsets what it uses.
 */

export type Weight = 'regular' | 'bold';
export type Script = 'latin' | 'arabic' | 'cjk';

const files: Record<Script, { pkg: string; regular: string; bold: string }> = {
  latin: { pkg: '@embedpdf/fonts-latin', regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  arabic: { pkg: '@embedpdf/fonts-arabic', regular: 'NotoNaskhArabic-Regular.ttf', bold: 'NotoNaskhArabic-Bold.ttf' },
  // Chinese bold is the regular font drawn emboldened (see `Face.emboldened`).
  cjk: { pkg: '@embedpdf/fonts-sc', regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Regular.otf' },
};

/** Which script a face is for first; a character none of them has falls back to the first. */
const fallbackOrder: readonly Script[] = ['latin', 'arabic', 'cjk'];

const require = createRequire(import.meta.url);

/**
 * The file's path, found through the package's name (so it works from the sources, from tsx and
 * from the esbuild bundle in dist-server/, whose node_modules are the project's). The packages'
 * `exports` map only their entry point (dist/index.cjs), which hides `fonts/`, so the path is
 * taken from beside that entry.
 */
export const fontPath = (script: Script, weight: Weight): string => join(dirname(require.resolve(files[script].pkg)), '..', 'fonts', files[script][weight]);

const bidi = bidiFactory();

/**
 * Whether a run of text is shaped right to left: it holds a strong right-to-left letter (bidi class
 * R or AL). The bidi algorithm never leaves such a letter on a left-to-right level, so text.ts
 * and the shaping below agree on which runs fontkit reverses and which it does not.
 */
export function shapesRightToLeft(text: string): boolean {
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (type === 'R' || type === 'AL') return true;
  }
  return false;
}

const sameCodePoints = (a: number[], b: number[]): boolean => a.length === b.length && a.every((codePoint, index) => codePoint === b[index]);

/**
 * A face as handed to PDFKit: the parsed font with its `layout` wrapped for right-to-left runs.
 *
 * fontkit shapes a right-to-left run in logical order and hands its glyphs back in visual order,
 * as they are drawn. PDF text extractors (pdf.js, poppler's pdftotext) read a right-to-left line
 * in drawing order and reverse it back to logical order, one character at a time. A ligature
 * (lam-alef, لا) is one glyph whose ToUnicode entry holds two characters in logical order; the
 * extractor's reversal would swap them (ال). So in right-to-left runs a glyph standing for several
 * characters records them reversed: reversed again by the extractor they come out as typed.
 *
 * The direction is given to fontkit explicitly (from `shapesRightToLeft`) rather than guessed
 * from the script, so a run of neutral characters (", ") is never reversed behind text.ts's back.
 */
function forPdf(font: Font): Font {
  // fontkit keeps one glyph object per glyph id, with the characters of whichever request made
  // it first, and subsetting asks for glyphs with none (a composite's parts: Naskh builds ج from
  // the ح shape and a dot). A later document shaping ح would then get a glyph "for no character"
  // and PDFKit would write an empty ToUnicode entry (pdf.js then extracts "!" for ح). So a
  // request that names characters gets a view of the glyph carrying those characters.
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints: number[] = []) => {
    const glyph = getGlyph(id, codePoints);
    if (!codePoints.length || sameCodePoints(glyph.codePoints, codePoints)) return glyph;
    return Object.assign(Object.create(glyph) as typeof glyph, { codePoints });
  };
  // Shaping is most of a document's time (Noto Sans has large GSUB/GPOS tables, and PDFKit lays
  // each run out twice: to measure it and to draw it), and the same labels recur in every
  // document, so runs are kept per text. PDFKit scales a run's positions in place, so each caller
  // gets its own copy of them.
  const shaped = new Map<string, GlyphRun>();
  const wrapped = Object.create(font) as Font;
  wrapped.layout = (text: string, features?: string[] | Record<string, boolean>): GlyphRun => {
    const key = `${JSON.stringify(features ?? null)}\u0000${text}`;
    let run = shaped.get(key);
    if (!run) {
      const direction = shapesRightToLeft(text) ? 'rtl' : 'ltr';
      run = font.layout(text, features, undefined, undefined, direction);
      if (direction === 'rtl') {
        run.glyphs = run.glyphs.map((glyph) =>
          glyph.codePoints.length > 1 ? Object.assign(Object.create(glyph) as typeof glyph, { codePoints: [...glyph.codePoints].reverse() }) : glyph,
        );
      }
      if (shaped.size >= 10_000) shaped.clear();
      shaped.set(key, run);
    }
    return Object.assign(Object.create(run) as GlyphRun, { positions: run.positions.map((position) => ({ ...position })) });
  };
  // Subsetting a CFF font (the Chinese one) writes every one of its ~22 000 subroutine slots
  // whatever the document uses (~12 ms). The result depends only on the glyphs, in order, and a
  // Chinese document's glyphs are mostly its labels, the same from one document to the next, so
  // the last few subsets are kept. (TrueType subsets are fast, and add glyphs while encoding.)
  if ('CFF ' in font && font['CFF ' as keyof Font]) {
    const encoded = new Map<string, Uint8Array>();
    wrapped.createSubset = () => {
      const subset = font.createSubset() as Subset & { glyphs: number[] };
      const encode = subset.encode.bind(subset);
      subset.encode = () => {
        const key = subset.glyphs.join(',');
        let bytes = encoded.get(key);
        if (!bytes) {
          bytes = encode();
          if (encoded.size >= 32) encoded.delete(encoded.keys().next().value!);
          encoded.set(key, bytes);
        }
        return bytes;
      };
      return subset;
    };
  }
  return wrapped;
}

export interface Face {
  /** The name the face is registered under in each PDF document. */
  key: string;
  script: Script;
  weight: Weight;
  font: Font;
  /** Font units to points at size 1. */
  scale: number;
  /**
   * How much larger than the nominal size this face is set: Naskh's letters are small for their
   * em (a short x-height), so Arabic beside Latin at the same size looks a size smaller.
   */
  sizeFactor: number;
  /**
   * Bold drawn from the regular font (filled and stroked), for Chinese: its fonts are CFF with
   * tens of thousands of subroutines, and subsetting one costs ~12 ms per document whatever it
   * holds, so a second (bold) one would make a Chinese invoice twice as slow to render.
   */
  emboldened: boolean;
}

const faces = new Map<string, Face>();

/** A face, read and parsed on first use and kept for the life of the process. */
export function face(script: Script, weight: Weight): Face {
  const key = `${script}-${weight}`;
  let found = faces.get(key);
  if (!found && script === 'cjk' && weight === 'bold') {
    found = { ...face('cjk', 'regular'), weight: 'bold', emboldened: true };
    faces.set(key, found);
  }
  if (!found) {
    const parsed = create(readFileSync(fontPath(script, weight)));
    if (!('layout' in parsed)) throw new Error(`${fontPath(script, weight)} is a font collection, not a font`);
    found = { key, script, weight, font: forPdf(parsed), scale: 1 / parsed.unitsPerEm, sizeFactor: script === 'arabic' ? 1.12 : 1, emboldened: false };
    faces.set(key, found);
  }
  return found;
}

/** Every face a document may use. */
export const allFaces = (): Face[] => fallbackOrder.flatMap((script) => [face(script, 'regular'), face(script, 'bold')]);

/** The first face (in fallback order) with a glyph for the character, or the Latin face when none has. */
export function faceFor(codePoint: number, weight: Weight): Face {
  for (const script of fallbackOrder) {
    const candidate = face(script, weight);
    if (candidate.font.hasGlyphForCodePoint(codePoint)) return candidate;
  }
  return face('latin', weight);
}

/** The first face (in fallback order) with glyphs for all of the characters, if one has. */
export function faceCovering(codePoints: number[], weight: Weight): Face | undefined {
  for (const script of fallbackOrder) {
    const candidate = face(script, weight);
    if (codePoints.every((codePoint) => candidate.font.hasGlyphForCodePoint(codePoint))) return candidate;
  }
  return undefined;
}

/** OpenType features asked for every run; giving any makes PDFKit shape the run whole, not word by word (see text.ts). */
export const features = ['kern'] as const;

const widths = new Map<string, number>();

/** The advance width of a run (shaped as it will be drawn) in points at size 1; cached, as labels repeat on every document. */
export function advance(f: Face, text: string): number {
  const key = `${f.key}\u0000${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    width = f.font.layout(text, [...features]).advanceWidth * f.scale;
    if (widths.size > 20_000) widths.clear();
    widths.set(key, width);
  }
  return width;
}

/**
 * Loads and parses every face and shapes a few strings, so the first document a server renders
 * is not the one that pays for it (about 0.3 s, mostly the Chinese font).
 */
export function warmUpFonts(): void {
  for (const f of allFaces()) advance(f, f.script === 'arabic' ? 'فاتورة' : f.script === 'cjk' ? '发票' : 'Invoice');
}
