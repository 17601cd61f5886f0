// The PDF of one submission whose answers are sealed end to end, made in this browser after the
// form is unlocked: the server cannot read the answers, and nothing of them is sent to it. It says
// what the server's PDF says, in the same order (core's writeSubmissionPdf walks it for both),
// drawn with pdf-lib and the fonts the server draws its PDFs with, fetched from the instance. Only
// the families the text needs are fetched (the Chinese and Japanese fonts are several MB), and each
// is embedded as the subset of glyphs drawn. Uploaded pictures and drawn signatures are fetched
// sealed and opened here, as the detail's download opens them; the logo and options' pictures (the
// form's, not sealed) are fetched from the instance. pdf-lib draws PNG and JPEG: a picture of
// another type is redrawn as PNG through a canvas, and one the browser cannot read is named, not
// drawn. This module is loaded only when 'Download PDF' is pressed.
//
// A line mixing right-to-left and left-to-right text is put in visual order as the server's is
// (core's visualRuns); an Arabic or Hebrew paragraph is set from the right. pdf-lib draws the
// glyphs fontkit picks but not their offsets: Thai marks stand where the font puts them unshaped.

import type { UnlockedKey } from '@formsmith/core/crypto/key-wrap';
import type { Form } from '@formsmith/core/forms/form';
import type { SubmissionDetail } from '@formsmith/core/submissions/api';
import {
  joinsPrevious,
  type PdfFontFamily,
  type PdfFontWeight,
  pdfFontPath,
  pdfScriptFamily,
  shortSubmissionId,
} from '@formsmith/core/submissions/pdf';
import { bidiParagraph, isRtlScript, visualRuns } from '@formsmith/core/submissions/pdf-bidi';
import {
  PDF_MUTED_COLOUR,
  PDF_TEXT_STYLES,
  pdfAccent,
  submissionFacts,
  submissionOutline,
} from '@formsmith/core/submissions/pdf-outline';
import {
  PDF_CONTENT_WIDTH,
  PDF_MARGIN,
  PDF_PAGE,
  type PdfPicture,
  type PdfWalkInput,
  pdfPictureSize,
  submissionPdfTexts,
  writeSubmissionPdf,
} from '@formsmith/core/submissions/pdf-walk';
import * as fontkit from 'fontkit';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import { fetchBlobWithAuth } from '../../../lib/download.ts';
import { fetchSubmissionFile } from '../api/download.ts';
import { openSealed } from './open-answers.ts';

/**
 * fontkit 2 (the font engine the server's pdfkit uses) as pdf-lib takes it. pdf-lib's own fork of
 * fontkit drops glyphs when it subsets these Noto fonts (the text layer reads right, the page
 * shows gaps); fontkit 2 subsets them whole, but writes a subset with encode() where pdf-lib asks
 * for the stream of encodeStream().
 */
const subsettingFontkit = {
  create(bytes: Uint8Array) {
    const font = fontkit.create(bytes);
    const createSubset = font.createSubset.bind(font);
    return Object.assign(font, {
      createSubset: () => {
        const subset = createSubset();
        return Object.assign(subset, {
          encodeStream: () => {
            const handlers: Record<string, (value?: unknown) => void> = {};
            const stream = {
              on(event: string, handler: (value?: unknown) => void) {
                handlers[event] = handler;
                // pdf-lib subscribes to data, end and error, in that order: then the bytes go.
                if (event === 'error') {
                  queueMicrotask(() => {
                    try {
                      handlers.data?.(subset.encode());
                      handlers.end?.();
                    } catch (err) {
                      handlers.error?.(err);
                    }
                  });
                }
                return stream;
              },
            };
            return stream;
          },
        });
      },
    });
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

const PAGE = PDF_PAGE;
const MARGIN = PDF_MARGIN;
const WIDTH = PDF_CONTENT_WIDTH;
const MUTED = PDF_MUTED_COLOUR;
const STYLES = PDF_TEXT_STYLES;
type Style = (typeof STYLES)[keyof typeof STYLES];

/** Characters with no script of their own: they stay in the font of the text around them. */
const NEUTRAL = /[\p{White_Space}\p{P}\p{S}\p{Nd}\u2068\u2069]/u;

function colour(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Tabs as spaces; other control characters and the isolates (which no font draws) dropped. */
const clean = (text: string) => text.replace(/\t/g, '    ').replace(/(?![\n\r])[\p{Cc}\u2066-\u2069]/gu, '');

type Run = { text: string; family: PdfFontFamily };

class Writer {
  private page: PDFPage;
  private y = MARGIN.top;
  private readonly fonts = new Map<string, PDFFont>();
  private readonly chinese: boolean;

  private constructor(
    private readonly doc: PDFDocument,
    language: string,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.chinese = language.toLowerCase().startsWith('zh');
  }

  /** A writer with the fonts the texts need, fetched from the instance (cached by the browser). */
  static async open(formId: number, language: string, texts: string[]): Promise<Writer> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(subsettingFontkit);
    doc.setProducer('Formsmith');
    doc.setCreator('Formsmith');
    const w = new Writer(doc, language);
    const families = new Set<PdfFontFamily>(['latin']);
    for (const text of texts) for (const char of text) families.add(pdfScriptFamily(char, w.chinese));
    await Promise.all(
      [...families].flatMap((family) =>
        (['regular', 'bold'] as const).map(async (weight) => {
          const bytes = await (await fetchBlobWithAuth(pdfFontPath(formId, family, weight))).arrayBuffer();
          // Subset: a page of Japanese carries its few hundred glyphs, not the 5 MB font.
          w.fonts.set(`${family}-${weight}`, await doc.embedFont(bytes, { subset: true }));
        }),
      ),
    );
    return w;
  }

  private font(family: PdfFontFamily, weight: PdfFontWeight): PDFFont {
    return this.fonts.get(`${family}-${weight}`) ?? this.fonts.get(`latin-${weight}`)!;
  }

  private readonly charSets = new Map<PdfFontFamily, Set<number>>();

  /** Whether a family's font has a glyph for the character (a digit in the Arabic font, say). */
  private draws(family: PdfFontFamily, char: string): boolean {
    let set = this.charSets.get(family);
    if (!set) {
      set = new Set(this.font(family, 'regular').getCharacterSet());
      this.charSets.set(family, set);
    }
    return set.has(char.codePointAt(0)!);
  }

  /** A paragraph cut into runs of one font, neutral characters kept with the text before them. */
  private runs(text: string): Run[] {
    const runs: Run[] = [];
    for (const char of text) {
      const last = runs.at(-1);
      const family =
        last && (NEUTRAL.test(char) || joinsPrevious(char)) && this.draws(last.family, char)
          ? last.family
          : pdfScriptFamily(char, this.chinese);
      if (last && last.family === family) last.text += char;
      else runs.push({ text: char, family });
    }
    return runs;
  }

  private width(runs: Run[], style: Style): number {
    return runs.reduce(
      (sum, run) => sum + this.font(run.family, style.weight).widthOfTextAtSize(run.text, style.size),
      0,
    );
  }

  /** Pieces a line may break between: words with their spaces, and each Chinese or Japanese character. */
  private words(text: string): string[] {
    return (
      text
        .match(
          /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]*\s*/gu,
        )
        ?.filter(Boolean) ?? []
    );
  }

  /** The paragraph wrapped to the width; a word wider than a line is cut by characters. */
  private wrap(text: string, width: number, style: Style): string[] {
    const lines: string[] = [];
    let line = '';
    const fits = (t: string) => this.width(this.runs(t.trimEnd()), style) <= width;
    for (const word of this.words(text)) {
      if (fits(line + word)) {
        line += word;
        continue;
      }
      if (line) lines.push(line.trimEnd());
      line = '';
      let rest = word;
      while (!fits(rest)) {
        let cut = '';
        for (const char of rest) {
          if (cut && !fits(cut + char)) break;
          cut += char;
        }
        lines.push(cut);
        rest = rest.slice(cut.length);
      }
      line = rest;
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines;
  }

  ensure(height: number) {
    if (this.y + height > PAGE.height - MARGIN.bottom) {
      this.page = this.doc.addPage([PAGE.width, PAGE.height]);
      this.y = MARGIN.top;
    }
  }

  gap(points: number) {
    this.y += points;
  }

  /** Wrapped text, each line on whichever page has room for it; an Arabic or Hebrew paragraph set from the right. */
  text(text: string, style: Style, hex: string) {
    const lineHeight = style.size * 1.5;
    for (const paragraph of clean(text).split(/\r\n|\r|\n/)) {
      const lines = paragraph.trim() ? this.wrap(paragraph, WIDTH, style) : [''];
      const rtl = [...paragraph].find((c) => !NEUTRAL.test(c) && /\p{L}/u.test(c));
      for (const line of lines) {
        this.ensure(lineHeight);
        this.drawLine(
          line,
          style,
          hex,
          PAGE.height - (this.y + style.size * 1.1),
          rtl !== undefined && isRtlScript(rtl),
        );
        this.y += lineHeight;
      }
    }
  }

  /**
   * One line at a baseline (from the page's foot, as PDF counts), in visual order (core's
   * visualRuns, as the server's PDF orders its lines): a Latin name in an Arabic sentence stays
   * where it reads.
   */
  private drawLine(line: string, style: Style, hex: string, baseline: number, rtl: boolean) {
    const families: PdfFontFamily[] = [];
    for (const run of this.runs(line)) for (let i = 0; i < run.text.length; i++) families.push(run.family);
    const runs = visualRuns(line, bidiParagraph(line, rtl ? 'rtl' : 'ltr'), families, 0, line.length);
    let x = rtl ? MARGIN.side + WIDTH - this.width(runs, style) : MARGIN.side;
    for (const run of runs) {
      const font = this.font(run.family, style.weight);
      this.page.drawText(run.text, { x, y: baseline, size: style.size, font, color: colour(hex) });
      x += font.widthOfTextAtSize(run.text, style.size);
    }
  }

  rule(hex: string, thickness: number) {
    this.ensure(thickness + 4);
    const y = PAGE.height - this.y;
    this.page.drawLine({
      start: { x: MARGIN.side, y },
      end: { x: PAGE.width - MARGIN.side, y },
      thickness,
      color: colour(hex),
    });
    this.y += thickness;
  }

  section(title: string, accent: string) {
    this.ensure(STYLES.section.size * 4);
    this.gap(14);
    this.text(title, STYLES.section, accent);
    this.rule(accent, 0.75);
    this.gap(8);
  }

  /** A PNG or JPEG within the box (never enlarged), or false when it is neither or pdf-lib cannot read it. */
  async image(bytes: Uint8Array, maxHeight: number, maxWidth: number): Promise<boolean> {
    let image: PDFImage;
    try {
      if (isPng(bytes)) image = await this.doc.embedPng(bytes);
      else if (isJpeg(bytes)) image = await this.doc.embedJpg(bytes);
      else return false;
    } catch {
      return false;
    }
    const scale = Math.min(1, maxHeight / image.height, maxWidth / image.width);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + 4);
    this.page.drawImage(image, { x: MARGIN.side, y: PAGE.height - this.y - height, width, height });
    this.y += height + 4;
    return true;
  }

  /** 'Page 2 of 5' at the foot of every page, after what the document is. */
  footers(what: string) {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      this.page = page;
      this.drawLine(
        `${what} · Page ${i + 1} of ${pages.length}`,
        STYLES.foot,
        MUTED,
        MARGIN.bottom / 2,
        false,
      );
    });
  }

  async bytes(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

const isPng = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** The uploads drawn (as the server's PDF draws them): other files are named only, and not fetched. */
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/**
 * A picture as pdf-lib draws it (PNG and JPEG only), made as the server's PDF makes it: redrawn
 * upright (a phone's photo is often stored sideways with a tag saying so), its first frame, within
 * PDF_PICTURE_MAX_SIDE; a JPEG where it is opaque, a PNG where it is see-through (a signature,
 * most logos). Null when neither the browser nor pdf-lib can read it.
 */
async function drawable(blob: Blob): Promise<Uint8Array | null> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  // What is left when the browser cannot redraw it: a PNG or JPEG as it came (pdf-lib reads it).
  const asItCame = isPng(bytes) || isJpeg(bytes) ? bytes : null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch {
    return asItCame;
  }
  try {
    const size = pdfPictureSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return asItCame;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const opaque = isJpeg(bytes) || isOpaque(context.getImageData(0, 0, size.width, size.height).data);
    const out = await new Promise<Blob | null>((resolve) =>
      opaque ? canvas.toBlob(resolve, 'image/jpeg', 0.82) : canvas.toBlob(resolve, 'image/png'),
    );
    return out ? new Uint8Array(await out.arrayBuffer()) : asItCame;
  } catch {
    return asItCame;
  } finally {
    bitmap.close();
  }
}

/** Whether every pixel of RGBA data is fully opaque. */
function isOpaque(rgba: Uint8ClampedArray): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/**
 * A picture's bytes, or null: an upload of the submission (opened with the form's key when sealed),
 * or one of the form's own pictures (its logo, an option's), which are not sealed. Nothing of the
 * answers goes out: the request names the upload, and the server sends it as it keeps it.
 */
async function pictureBytes(
  picture: PdfPicture,
  where: { formId: number; submissionId: string; key: UnlockedKey },
): Promise<Uint8Array | null> {
  try {
    if (picture.kind === 'form') {
      // The path the form gives (/api/form-submissions/forms/…/pictures/…), as the API client takes it.
      return await drawable(await fetchBlobWithAuth(picture.path.replace(/^\/api/, '')));
    }
    if (!PICTURE_TYPES.has(picture.type ?? '')) return null;
    const target = { formId: where.formId, submissionId: where.submissionId, uploadId: picture.uploadId };
    return await drawable(
      await fetchSubmissionFile(
        picture.fileId
          ? { ...target, fileId: picture.fileId, type: picture.type ?? '', key: where.key }
          : target,
      ),
    );
  } catch {
    // Missing, refused or not opening with this key: the PDF names it instead.
    return null;
  }
}

/**
 * The PDF of a sealed submission, opened with the form's unlocked key; null when the answers cannot
 * be opened with it.
 */
export async function buildSealedSubmissionPdf(input: {
  formId: number;
  form: Pick<Form, 'title' | 'themeConfig' | 'logoUrl'>;
  submission: SubmissionDetail;
  key: UnlockedKey;
}): Promise<Blob | null> {
  const { formId, form, submission, key } = input;
  const data = await openSealed(key, formId, submission);
  if (!data) return null;
  const accent = pdfAccent(form.themeConfig);
  const walk: PdfWalkInput = {
    title: form.title,
    accent,
    logoUrl: form.logoUrl,
    facts: submissionFacts({
      id: submission.id,
      number: submission.number,
      createdAt: new Date(submission.created_at),
      language: submission.language,
      completed: submission.completed,
      metadata: submission.metadata ?? {},
      triage: submission.triage,
    }),
    outline: submissionOutline(submission.fields, data),
  };

  const w = await Writer.open(formId, submission.language, await submissionPdfTexts(walk));
  const where = { formId, submissionId: submission.id, key };
  await writeSubmissionPdf(
    {
      // pdf-lib writes no structure tree (no marked content, no StructTreeRoot): this PDF is untagged.
      open: () => {},
      close: () => {},
      text: (text, style, colour) => w.text(text, STYLES[style], colour),
      gap: (points) => w.gap(points),
      rule: (colour, thickness) => w.rule(colour, thickness),
      section: (title) => w.section(title, accent),
      picture: async (picture, maxHeight, maxWidth) => {
        const bytes = await pictureBytes(picture, where);
        return bytes !== null && (await w.image(bytes, maxHeight, maxWidth));
      },
    },
    walk,
  );
  w.footers(`Submission ${shortSubmissionId(submission.id)}`);
  const bytes = await w.bytes();
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}
