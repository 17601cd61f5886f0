import { beforeAll, describe, expect, it } from 'vitest';
import { familyFor, loadFont, loadFontkit } from './fonts.ts';
import { Measurer, TextLayout } from './layout.ts';

beforeAll(loadFontkit);

const body = { weight: 'regular', size: 10.5 } as const;
const layout = (language = 'en') => new TextLayout(new Measurer(), language);
/** Each piece of each line as [family, text handed to pdfkit]. */
const pieces = (text: string, width = 480, language = 'en') =>
  layout(language)
    .lines(text, width, body)
    .map((line) => ({ rtl: line.rtl, pieces: line.pieces.map((p) => [p.family, p.text]) }));

describe('the PDF text layout', () => {
  it('picks the font of each script, Han the Chinese way only in Chinese text', () => {
    expect(familyFor('a', 'en')).toBe('latin');
    expect(familyFor('Ж', 'en')).toBe('latin');
    expect(familyFor('ب', 'en')).toBe('arabic');
    expect(familyFor('こ', 'en')).toBe('jp');
    expect(familyFor('東', 'en')).toBe('jp');
    expect(familyFor('東', 'zh-CN')).toBe('sc');
    // A simplified character the Japanese font lacks.
    expect(familyFor('们', 'en')).toBe('sc');
    expect(familyFor('한', 'en')).toBe('kr');
    expect(familyFor('ש', 'en')).toBe('hebrew');
    expect(familyFor('ส', 'en')).toBe('thai');
    expect(familyFor('😀', 'en')).toBe('emoji');
  });

  it('draws Korean, Hebrew, Thai and emoji (sequences too) in fonts that have every glyph', () => {
    const texts = ['안녕하세요, 서울', 'שלום עולם', 'สวัสดีครับ ที่นี่', 'Thanks 👍🏽 ❤️ 👩‍💻 🇫🇷'];
    for (const text of texts) {
      for (const line of layout().lines(text, 480, body)) {
        for (const piece of line.pieces) {
          const { font } = loadFont(piece.family, 'regular');
          const glyphs = font.layout(piece.text, []).glyphs;
          // Glyph 0 is .notdef, the box of a character the font lacks.
          expect(
            glyphs.filter((g) => g.id === 0),
            `${piece.family}: ${piece.text}`,
          ).toEqual([]);
        }
      }
    }
    // A skin tone, a joined sequence and a selector stay with their emoji, laid as one glyph each.
    const [thanks] = layout().lines(texts[3]!, 480, body);
    expect(thanks!.pieces.map((p) => [p.family, p.text])).toEqual([
      ['latin', 'Thanks '],
      ['emoji', '👍🏽 ❤️ 👩‍💻 🇫🇷'],
    ]);
    expect(loadFont('emoji', 'regular').font.layout('👍🏽👩‍💻', []).glyphs).toHaveLength(2);
  });

  it('sets a Hebrew line from the right, in a logical piece fontkit turns', () => {
    expect(pieces('שלום 2024 עולם')).toEqual([
      {
        rtl: true,
        pieces: [
          ['hebrew', ' עולם'],
          ['hebrew', '2024'],
          ['hebrew', 'שלום '],
        ],
      },
    ]);
  });

  it('orders an Arabic line right to left, its Latin digits left to right, in logical pieces fontkit turns', () => {
    expect(pieces('مرحبا 2024 بالعالم')).toEqual([
      {
        rtl: true,
        // Visual order, left to right: the last word first, each Arabic piece in logical order
        // (fontkit lays it right to left), the number between; digits keep the Arabic font.
        pieces: [
          ['arabic', ' بالعالم'],
          ['arabic', '2024'],
          ['arabic', 'مرحبا '],
        ],
      },
    ]);
  });

  it('hands Arabic-Indic digits over reversed, as fontkit would lay them right to left', () => {
    const [line] = pieces('رقم ١٢٣');
    expect(line!.pieces[0]).toEqual(['arabic', '٣٢١']);
  });

  it('keeps an English line left to right with Arabic words in their place', () => {
    expect(pieces('Hello مرحبا world')).toEqual([
      {
        rtl: false,
        pieces: [
          ['latin', 'Hello '],
          ['arabic', 'مرحبا'],
          ['arabic', ' '],
          ['latin', 'world'],
        ],
      },
    ]);
  });

  it('wraps to the width, between words and between Japanese characters, losing nothing', () => {
    const text = `${'alpha beta gamma '.repeat(40)}${'日本語の文章です。'.repeat(20)}`;
    const lines = layout().lines(text, 200, body);
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(200.01);
    const joined = lines.map((l) => l.pieces.map((p) => p.text).join('')).join(' ');
    expect(joined.replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
  });

  it('keeps empty lines and cuts a word longer than a line', () => {
    const lines = layout().lines(`one\n\n${'x'.repeat(300)}`, 100, body);
    expect(lines[1]!.pieces).toEqual([]);
    expect(lines.length).toBeGreaterThan(4);
    expect(
      lines
        .slice(2)
        .map((l) => l.pieces.map((p) => p.text).join(''))
        .join(''),
    ).toBe('x'.repeat(300));
  });
});
