// Text layout for the submission PDF: pdfkit draws runs of glyphs but neither picks a font per
// script nor orders right-to-left text. Here each paragraph is cut into runs of one font
// (familyFor), wrapped to the width, and each line put in visual order by core's visualRuns (the
// Unicode bidirectional algorithm, shared with the browser's PDF). A right-to-left run of Arabic is
// handed over in logical order as one piece: fontkit shapes it (joined letters) and lays its
// glyphs right to left.

import { joinsPrevious } from '@formsmith/core/submissions/pdf';
import {
  type BidiParagraph,
  bidiParagraph,
  isRtlParagraph,
  visualRuns,
} from '@formsmith/core/submissions/pdf-bidi';
import { type Family, familyFor, loadFont, type Weight } from './fonts.ts';

/**
 * One run of a line, drawn left to right at its place: text in one font and one direction.
 * `whole`: fontkit must shape it in one go (it lays it right to left); other text may be laid
 * word by word, which pdfkit and the measurer remember per word.
 */
export type Piece = { text: string; family: Family; width: number; whole: boolean };
/** A wrapped line: its pieces in visual order, its width, and whether its paragraph reads right to left. */
export type Line = { pieces: Piece[]; width: number; rtl: boolean };

/** Characters that break where they stand, as in Chinese and Japanese text (no spaces). */
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
/** Characters with no script of their own: they take the font of the text they stand in. */
const NEUTRAL = /[\p{White_Space}\p{P}\p{S}\p{Nd}]/u;
const SPACE = /\s/;
/** More UTF-16 units than a line of the narrowest letters holds at the smallest size used. */
const UNCUT_MAX = 1000;

/** Measures text in one font, size and weight, remembering each string's width for the document. */
export class Measurer {
  private readonly widths = new Map<string, number>();

  width(text: string, family: Family, weight: Weight, size: number): number {
    const key = `${family}\u0000${weight}\u0000${text}`;
    let units = this.widths.get(key);
    if (units === undefined) {
      const { font } = loadFont(family, weight);
      // `features` as pdfkit gets them below: the whole run shaped at once.
      units = font.layout(text, []).advanceWidth / font.unitsPerEm;
      this.widths.set(key, units);
    }
    return units * size;
  }

  /** The width of left-to-right text as the sum of its words and spaces, each measured once. */
  wordsWidth(text: string, family: Family, weight: Weight, size: number): number {
    let width = 0;
    for (const part of text.split(/( +)/)) if (part) width += this.width(part, family, weight, size);
    return width;
  }
}

/** Whether a font draws a character, per font and character, for the process. */
const drawsCache = new Map<string, boolean>();
function draws(family: Family, char: string): boolean {
  const key = family + char;
  let found = drawsCache.get(key);
  if (found === undefined) {
    found = loadFont(family, 'regular').font.hasGlyphForCodePoint(char.codePointAt(0)!);
    drawsCache.set(key, found);
  }
  return found;
}

/** The family of each UTF-16 unit of the paragraph (both halves of a pair alike). */
function familiesOf(text: string, language: string): Family[] {
  const families: Family[] = [];
  let previous: Family | undefined;
  for (const char of text) {
    const family: Family =
      previous && (NEUTRAL.test(char) || joinsPrevious(char)) && draws(previous, char)
        ? previous
        : familyFor(char, language);
    for (let i = 0; i < char.length; i++) families.push(family);
    previous = family;
  }
  return families;
}

/** Where a line may end: after a run of spaces, and around Chinese and Japanese characters. */
function tokens(text: string): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  let i = 0;
  for (const char of text) {
    const next = i + char.length;
    const after = text.slice(next, next + 2);
    const nextChar = after ? String.fromCodePoint(after.codePointAt(0)!) : '';
    const breakHere =
      nextChar !== '' &&
      ((SPACE.test(char) && !SPACE.test(nextChar)) ||
        CJK.test(char) ||
        (CJK.test(nextChar) && !SPACE.test(char)));
    if (breakHere || nextChar === '') {
      out.push([start, next]);
      start = next;
    }
    i = next;
  }
  return out;
}

type Paragraph = { text: string; families: Family[]; rtl: boolean };

export type TextStyle = { weight: Weight; size: number };

export class TextLayout {
  constructor(
    private readonly measurer: Measurer,
    private readonly language: string,
  ) {}

  /** The width of a range of the paragraph, measured run by run of one font. */
  private rangeWidth(p: Paragraph, start: number, end: number, style: TextStyle): number {
    let width = 0;
    let runStart = start;
    for (let i = start + 1; i <= end; i++) {
      if (i === end || p.families[i] !== p.families[runStart]) {
        width += this.measurer.width(
          p.text.slice(runStart, i),
          p.families[runStart]!,
          style.weight,
          style.size,
        );
        runStart = i;
      }
    }
    return width;
  }

  /** The end of the longest start of the range that fits, by whole characters (at least one). */
  private fitChars(p: Paragraph, start: number, end: number, room: number, style: TextStyle): number {
    // Character by character, each measured once: a word of thousands of letters stays linear.
    let fit = start;
    let width = 0;
    while (fit < end) {
      const next = fit + String.fromCodePoint(p.text.codePointAt(fit)!).length;
      width += this.rangeWidth(p, fit, next, style);
      if (fit > start && width > room) break;
      fit = next;
    }
    return fit;
  }

  /** The text wrapped to the width: one line or more per paragraph, an empty line for an empty one. */
  lines(text: string, maxWidth: number, style: TextStyle): Line[] {
    const out: Line[] = [];
    // Tabs as spaces, other control characters dropped: no font draws them.
    const clean = text.replace(/\t/g, '    ').replace(/(?![\n\r])\p{Cc}/gu, '');
    for (const raw of clean.split(/\r\n|\r|\n/)) {
      if (raw.trim() === '') {
        out.push({ pieces: [], width: 0, rtl: false });
        continue;
      }
      const embedding = bidiParagraph(raw);
      const p: Paragraph = {
        text: raw,
        families: familiesOf(raw, this.language),
        rtl: isRtlParagraph(embedding),
      };
      for (const [start, end] of this.wrap(p, maxWidth, style)) {
        out.push(this.visualLine(p, embedding, start, end, style));
      }
    }
    return out;
  }

  /**
   * The [start, end) ranges of the wrapped lines, trailing spaces left out. Each word is measured
   * once (and the same word once per document): a line's width is the sum of its words'.
   */
  private wrap(p: Paragraph, maxWidth: number, style: TextStyle): [number, number][] {
    const ranges: [number, number][] = [];
    const trimmedEnd = (start: number, end: number) => {
      let e = end;
      while (e > start && SPACE.test(p.text[e - 1]!)) e--;
      return e;
    };
    let lineStart = -1;
    let lineEnd = -1;
    /** The line's width so far, with the spaces after its last word. */
    let width = 0;
    const words = tokens(p.text);
    let next = 0;
    /** The rest of a word cut at the end of a line, to place first. */
    let pending: [number, number] | undefined;
    while (pending || next < words.length) {
      const [start, end] = pending ?? words[next++]!;
      pending = undefined;
      const contentEnd = trimmedEnd(start, end);
      // A word longer than any line can hold is cut without being measured whole (measuring what
      // is left of it again after each cut would take minutes for a pasted blob).
      const content =
        contentEnd - start > UNCUT_MAX
          ? Number.POSITIVE_INFINITY
          : this.rangeWidth(p, start, contentEnd, style);
      if (lineStart < 0 || width + content <= maxWidth) {
        if (lineStart >= 0 || content <= maxWidth) {
          if (lineStart < 0) lineStart = start;
          lineEnd = end;
          width += content + (end > contentEnd ? this.rangeWidth(p, contentEnd, end, style) : 0);
          continue;
        }
        // A word wider than a line on its own: cut it by characters.
        const cut = this.fitChars(p, start, contentEnd, maxWidth, style);
        ranges.push([start, cut]);
        if (trimmedEnd(cut, end) > cut) pending = [cut, end];
        continue;
      }
      // The word starts the next line.
      ranges.push([lineStart, trimmedEnd(lineStart, lineEnd)]);
      lineStart = -1;
      width = 0;
      pending = [start, end];
    }
    if (lineStart >= 0) ranges.push([lineStart, trimmedEnd(lineStart, lineEnd)]);
    return ranges.filter(([s, e]) => e > s);
  }

  /** A line's pieces in visual (left-to-right) order (core's visualRuns), each measured. */
  private visualLine(
    p: Paragraph,
    embedding: BidiParagraph,
    start: number,
    end: number,
    style: TextStyle,
  ): Line {
    const pieces: Piece[] = visualRuns(p.text, embedding, p.families, start, end).map((run) => ({
      ...run,
      width: run.whole
        ? this.measurer.width(run.text, run.family, style.weight, style.size)
        : this.measurer.wordsWidth(run.text, run.family, style.weight, style.size),
    }));
    return { pieces, width: pieces.reduce((sum, piece) => sum + piece.width, 0), rtl: p.rtl };
  }
}
