import bidiFactory from 'bidi-js';
import { advance, faceCovering, faceFor, shapesRightToLeft, type Face, type Weight } from './fonts';

/**
 * From a logical string (as typed) to runs drawn left to right: the Unicode bidi algorithm
 * (bidi-js) orders right-to-left and left-to-right stretches, each character gets the first font
 * that has it, and fontkit (inside PDFKit) shapes each run, joining Arabic letters. PDFKit has no
 * bidi of its own, and shaping must see the letters in logical order, so the runs keep their text
 * logical and fontkit reverses the right-to-left ones as it lays them out (see fonts.ts).
 */

const bidi = bidiFactory();

export type BaseDirection = 'ltr' | 'rtl' | 'auto';

export interface Style {
  size: number;
  weight: Weight;
}

/** One font, one direction: drawn as one PDF text show, `width` points wide at the style's size. */
export interface Run {
  text: string;
  face: Face;
  width: number;
}

/** A line in visual order, left to right. */
export interface Line {
  runs: Run[];
  width: number;
}

/**
 * Characters that take the font of their neighbours (spaces, punctuation, digits, marks), so
 * "رقم 12" or "第 1 页" stay in one font and one run rather than switching for each space;
 * letters always take the first font that has them.
 */
const neutral = /^[\s\p{P}\p{S}\p{N}\p{M}]$/u;

/**
 * The face of each UTF-16 unit of `text` (a surrogate pair's low half takes its high half's).
 * A stretch of neutrals takes the face of the letter before it (or after it, at the start) when
 * that face has all of them, else the first face that has all of them, so "2015/123456/07" after
 * an Arabic label is one run in one font (Naskh has the digits but not "/"), which extractors
 * then read as one piece.
 */
function facesOf(text: string, weight: Weight): Face[] {
  const out: Face[] = new Array(text.length);
  const chars: { index: number; codePoint: number; neutral: boolean }[] = [];
  for (let index = 0; index < text.length; ) {
    const codePoint = text.codePointAt(index)!;
    const char = String.fromCodePoint(codePoint);
    chars.push({ index, codePoint, neutral: neutral.test(char) });
    index += char.length;
  }
  let previous: Face | undefined;
  for (let i = 0; i < chars.length; ) {
    if (!chars[i].neutral) {
      previous = faceFor(chars[i].codePoint, weight);
      out[chars[i].index] = previous;
      i += 1;
      continue;
    }
    let j = i;
    while (j < chars.length && chars[j].neutral) j += 1;
    const stretch = chars.slice(i, j).map((c) => c.codePoint);
    const neighbour = previous ?? (j < chars.length ? faceFor(chars[j].codePoint, weight) : undefined);
    const whole = neighbour && stretch.every((codePoint) => neighbour.font.hasGlyphForCodePoint(codePoint)) ? neighbour : faceCovering(stretch, weight);
    for (const c of chars.slice(i, j)) out[c.index] = whole ?? faceFor(c.codePoint, weight);
    i = j;
  }
  for (const c of chars) if (c.codePoint > 0xffff) out[c.index + 1] = out[c.index];
  return out;
}

/** The paragraph direction `auto` resolves to for this text: that of its first strong character. */
export function directionOf(text: string, base: BaseDirection): 'ltr' | 'rtl' {
  if (base !== 'auto') return base;
  const { paragraphs } = bidi.getEmbeddingLevels(text);
  return paragraphs.length && paragraphs[0].level % 2 === 1 ? 'rtl' : 'ltr';
}

/**
 * Bidi controls and zero-width characters (Intl puts U+200F in some Arabic dates): they steer the
 * ordering but have no glyph, so they are dropped after it (a font would draw them as boxes).
 */
const invisible = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/;

/**
 * Lines already shaped (at size 1), by weight, direction and text: the labels, dates and amounts
 * of one document are mostly those of the last, and wrapping measures the same words many times.
 */
const shapedLines = new Map<string, Line>();

/** One line of text (no line breaks in it) as runs in visual order. */
export function shape(text: string, style: Style, base: BaseDirection): Line {
  const key = `${style.weight}\u0000${base}\u0000${text}`;
  let unit = shapedLines.get(key);
  if (!unit) {
    unit = shapeUnit(text, style.weight, base);
    if (shapedLines.size >= 20_000) shapedLines.clear();
    shapedLines.set(key, unit);
  }
  return { runs: unit.runs.map((run) => ({ ...run, width: run.width * style.size })), width: unit.width * style.size };
}

/** Fast path: text with nothing right-to-left in it, on a left-to-right line, is one level in logical order. */
const rightToLeftOrControl = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** `shape` at size 1. */
function shapeUnit(text: string, weight: Weight, base: BaseDirection): Line {
  const style = { size: 1, weight };
  text = text.replace(/[\t\r\n]/g, ' ');
  if (!text) return { runs: [], width: 0 };
  if (base !== 'rtl' && !rightToLeftOrControl.test(text)) {
    const faces = facesOf(text, weight);
    const runs: Run[] = [];
    for (let start = 0; start < text.length; ) {
      let end = start + 1;
      while (end < text.length && faces[end] === faces[start]) end += 1;
      const runText = text.slice(start, end);
      runs.push({ text: runText, face: faces[start], width: advance(faces[start], runText) * faces[start].sizeFactor });
      start = end;
    }
    return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
  }
  const embedding = bidi.getEmbeddingLevels(text, directionOf(text, base));
  const { levels } = embedding;
  const chars = text.split('');
  for (const [index, mirrored] of bidi.getMirroredCharactersMap(text, levels)) chars[index] = mirrored;
  const faces = facesOf(text, style.weight);
  // Visual order of the characters that are drawn; `rank` is a character's place among them in
  // logical order, so two characters are neighbours when their ranks differ by one.
  const order = bidi.getReorderedIndices(text, embedding).filter((index) => !invisible.test(text[index]));
  const kept = [...order].sort((a, b) => a - b);
  const rank = new Map(kept.map((index, place) => [index, place]));

  // Group the visual order into runs: same face, same level, and logically contiguous
  // (ascending on a left-to-right level, descending on a right-to-left one).
  const runs: Run[] = [];
  let start = 0;
  while (start < order.length) {
    const first = order[start];
    const rtl = levels[first] % 2 === 1;
    let end = start + 1;
    while (end < order.length) {
      const index = order[end];
      if (faces[index] !== faces[first] || levels[index] !== levels[first] || rank.get(index)! !== rank.get(order[end - 1])! + (rtl ? -1 : 1)) break;
      end += 1;
    }
    const ranks = order.slice(start, end).map((index) => rank.get(index)!);
    let runText = kept
      .slice(Math.min(...ranks), Math.max(...ranks) + 1)
      .map((index) => chars[index])
      .join('');
    // fontkit reverses only runs with right-to-left letters; neutral runs on a right-to-left
    // level (a lone ": " or "()") are put in visual order here.
    if (rtl && !shapesRightToLeft(runText)) runText = Array.from(runText).reverse().join('');
    const f = faces[first];
    runs.push({ text: runText, face: f, width: advance(f, runText) * style.size * f.sizeFactor });
    start = end;
  }
  return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
}

/** Width in points of a line of text, as `shape` would lay it out. */
export const measure = (text: string, style: Style, base: BaseDirection = 'auto'): number => shape(text, style, base).width;

/**
 * Break opportunities: after spaces, and between Chinese characters (which have no spaces) but
 * not before closing punctuation such as 、。），which must not start a line.
 */
const tokens = /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF][\u3001\u3002\u300B\u300D\u300F\u3011\uFF09\uFF0C\uFF1A\uFF1B\uFF01\uFF1F]*\s*|[^\s\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]+\s*|\s+/gu;

/** Splits a word wider than the line at the last character that fits. */
function splitWide(word: string, style: Style, maxWidth: number, base: 'ltr' | 'rtl'): string[] {
  const parts: string[] = [];
  let current = '';
  for (const char of word) {
    if (current && measure(current + char, style, base) > maxWidth) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  if (current) parts.push(current);
  return parts;
}

/**
 * Text wrapped to `maxWidth` points: paragraphs at line breaks, lines broken greedily at spaces
 * (and between Chinese characters). Breaking is done on the logical text and each line is then
 * ordered on its own, with the paragraph's direction, as the bidi algorithm prescribes (UAX #9 §3.4).
 */
export function wrap(text: string, style: Style, maxWidth: number, base: BaseDirection): Line[] {
  const key = `${style.weight}\u0000${style.size}\u0000${maxWidth}\u0000${base}\u0000${text}`;
  let lines = wrapped.get(key);
  if (!lines) {
    lines = wrapUncached(text, style, maxWidth, base);
    if (wrapped.size >= 5_000) wrapped.clear();
    wrapped.set(key, lines);
  }
  return lines;
}

/** Wrapped texts, kept (and shared: callers only read them) as the same cells recur. */
const wrapped = new Map<string, Line[]>();

function wrapUncached(text: string, style: Style, maxWidth: number, base: BaseDirection): Line[] {
  const lines: Line[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const direction = directionOf(paragraph, base);
    const words = paragraph.match(tokens) ?? [''];
    let current = '';
    const flush = () => {
      lines.push(shape(current.trimEnd(), style, direction));
      current = '';
    };
    for (const word of words) {
      if (measure((current + word).trimEnd(), style, direction) <= maxWidth) {
        current += word;
        continue;
      }
      if (current.trim()) flush();
      const next = word.trimStart();
      if (measure(next.trimEnd(), style, direction) <= maxWidth) {
        current = next;
        continue;
      }
      const parts = splitWide(next.trimEnd(), style, maxWidth, direction);
      for (const part of parts.slice(0, -1)) {
        current = part;
        flush();
      }
      current = parts.at(-1) ?? '';
    }
    flush();
  }
  return lines;
}
