// The little of fontkit (pdfkit's font engine, which ships no types) that the PDF layout and its tests read.
declare module 'fontkit' {
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** The glyphs laid (id 0 is .notdef, the box of a character the font lacks) and their width. */
    layout(text: string, features?: string[]): { advanceWidth: number; glyphs: { id: number }[] };
  }
  export function create(buffer: Buffer): Font;
}
