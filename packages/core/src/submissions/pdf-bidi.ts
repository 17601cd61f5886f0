// A line of a submission PDF in visual order, for both PDF writers (pdfkit on the server, pdf-lib in
// the browser): neither orders right-to-left text. The Unicode bidirectional algorithm (bidi-js)
// gives each character its level; the line's characters are then reordered and cut into runs of
// one font and one direction, drawn left to right. Both libraries shape through fontkit, which lays
// any run with right-to-left script in it (Arabic, Hebrew) right to left by itself: such a run is
// handed over in logical order, whole, so its letters join.
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** Scripts whose runs fontkit lays right to left by itself (Arabic-Indic digits included). */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** Whether a character is of a script written right to left. */
export const isRtlScript = (char: string): boolean => RTL_SCRIPT.test(char);

export type BidiParagraph = ReturnType<typeof bidi.getEmbeddingLevels>;

/** The levels of a paragraph; its direction from its first strong character unless given. */
export function bidiParagraph(text: string, direction?: 'ltr' | 'rtl'): BidiParagraph {
  return bidi.getEmbeddingLevels(text, direction);
}

/** Whether the paragraph reads right to left. */
export const isRtlParagraph = (p: BidiParagraph): boolean => (p.paragraphs[0]?.level ?? 0) % 2 === 1;

/**
 * One run of a line, drawn left to right at its place: text in one font and one direction.
 * `whole`: fontkit must shape it in one go (it lays it right to left); other text may be laid
 * word by word.
 */
export type VisualRun<F> = { text: string; family: F; whole: boolean };

/**
 * The runs of the line [start, end) of the paragraph `text` in visual (left-to-right) order;
 * `families` gives the font of each UTF-16 unit of the text.
 */
export function visualRuns<F>(
  text: string,
  paragraph: BidiParagraph,
  families: readonly F[],
  start: number,
  end: number,
): VisualRun<F>[] {
  const levels = paragraph.levels;
  const order = Array.from({ length: end - start }, (_, i) => start + i);
  for (const segment of bidi.getReorderSegments(text, paragraph, start, end - 1)) {
    const [from, to] = segment as [number, number];
    const turned = order.slice(from - start, to - start + 1).reverse();
    order.splice(from - start, turned.length, ...turned);
  }
  const runs: VisualRun<F>[] = [];
  let i = 0;
  while (i < order.length) {
    const first = order[i]!;
    const rtl = levels[first]! % 2 === 1;
    const step = rtl ? -1 : 1;
    let j = i + 1;
    while (
      j < order.length &&
      order[j] === order[j - 1]! + step &&
      families[order[j]!] === families[first] &&
      levels[order[j]!]! % 2 === levels[first]! % 2
    ) {
      j++;
    }
    const low = Math.min(first, order[j - 1]!);
    const high = Math.max(first, order[j - 1]!);
    const logical = text.slice(low, high + 1);
    // fontkit lays any run with right-to-left script in it right to left itself, so the text it
    // gets is turned where that is not the order wanted: a right-to-left run of marks and spaces
    // alone (its brackets mirrored), or Arabic-Indic digits, which read left to right. It turns
    // the order but not a bracket's face: a right-to-left run it lays has its brackets mirrored
    // here (in Hebrew, whose font has brackets, 'אני (2024)' would face them the wrong way).
    const fontkitTurns = RTL_SCRIPT.test(logical);
    runs.push({
      text:
        rtl === fontkitTurns
          ? rtl
            ? mirroredInPlace(logical)
            : logical
          : rtl
            ? mirrored(logical)
            : reversed(logical),
      family: families[first]!,
      whole: fontkitTurns,
    });
    i = j;
  }
  return runs;
}

function reversed(text: string): string {
  return Array.from(text).reverse().join('');
}

/** Right-to-left text in logical order with each bracket turned to face the other way. */
function mirroredInPlace(text: string): string {
  return Array.from(text)
    .map((char) => bidi.getMirroredCharacter(char) ?? char)
    .join('');
}

/** Text with no letters, reversed for right-to-left, with each bracket turned to face the other way. */
function mirrored(text: string): string {
  return Array.from(text)
    .reverse()
    .map((char) => bidi.getMirroredCharacter(char) ?? char)
    .join('');
}
