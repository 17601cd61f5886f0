// The little of fontkit (pdfkit's font engine, which ships no types) that the PDF layout reads.
declare module 'fontkit' {
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: string[]): { advanceWidth: number };
  }
  export function create(buffer: Buffer): Font;
}
