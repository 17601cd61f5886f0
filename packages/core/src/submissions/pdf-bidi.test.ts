import { describe, expect, it } from 'vitest';
import { bidiParagraph, isRtlParagraph, visualRuns } from './pdf-bidi.ts';

/** The font of each UTF-16 unit: 'ar' for Arabic letters, 'la' for anything else. */
const families = (text: string) => Array.from(text, (c) => (/\p{Script=Arabic}/u.test(c) ? 'ar' : 'la'));

describe('a PDF line in visual order', () => {
  it('sets a Latin name inside an Arabic sentence where it reads, the Arabic whole for fontkit', () => {
    const text = 'مرحبا Ada بالعالم';
    const paragraph = bidiParagraph(text);
    expect(isRtlParagraph(paragraph)).toBe(true);
    // Left to right on the page: the last Arabic word, the name, the first Arabic word.
    expect(visualRuns(text, paragraph, families(text), 0, text.length)).toEqual([
      { text: 'بالعالم', family: 'ar', whole: true },
      // The spaces belong to the Arabic sentence (right to left), the name is its own run.
      { text: ' ', family: 'la', whole: false },
      { text: 'Ada', family: 'la', whole: false },
      { text: ' ', family: 'la', whole: false },
      { text: 'مرحبا', family: 'ar', whole: true },
    ]);
  });

  it('keeps a left-to-right line as it is, and an Arabic word in it in its place', () => {
    const text = 'Hello مرحبا world';
    const paragraph = bidiParagraph(text, 'ltr');
    expect(visualRuns(text, paragraph, families(text), 0, text.length).map((r) => r.text)).toEqual([
      'Hello ',
      'مرحبا',
      ' world',
    ]);
  });

  it('mirrors the brackets of a right-to-left run fontkit lays (it turns their order, not their faces)', () => {
    // One font for the line, as the Hebrew font draws brackets and digits too.
    const text = 'שלום (2024)';
    const paragraph = bidiParagraph(text);
    const runs = visualRuns(
      text,
      paragraph,
      Array.from(text, () => 'he'),
      0,
      text.length,
    );
    // Left to right: the closing bracket (faced as opening), the number, then the Hebrew with its
    // opening bracket faced as closing, which fontkit sets at the run's left end.
    expect(runs).toEqual([
      { text: '(', family: 'he', whole: false },
      { text: '2024', family: 'he', whole: false },
      { text: 'שלום )', family: 'he', whole: true },
    ]);
  });
});
