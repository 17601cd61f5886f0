// One submission as a PDF for reading on paper: the form's title in its theme's accent, when and
// in which language it was sent, its stage and quiz score, then each question of the version it
// answered (under the labels the respondent saw) with its answer, pages of the form as sections.
// Text of any length wraps and flows onto further pages; each page is numbered at its foot.
// What it says and in which order is core's walk (writeSubmissionPdf); this file draws it with pdfkit.

import type { FormField } from '@formsmith/core/forms/field';
import { shortSubmissionId } from '@formsmith/core/submissions/pdf';
import {
  PDF_MUTED_COLOUR,
  PDF_TEXT_COLOUR,
  PDF_TEXT_STYLES,
  pdfAccent,
  submissionFacts,
  submissionOutline,
} from '@formsmith/core/submissions/pdf-outline';
import {
  PDF_CONTENT_WIDTH,
  PDF_MARGIN,
  PDF_PAGE,
  type PdfRole,
  pdfFormTitle,
  writeSubmissionPdf,
} from '@formsmith/core/submissions/pdf-walk';
import type { Triage } from '@formsmith/core/submissions/triage';
import { documentFont, type Family, loadFont, loadFontkit, type Weight } from './fonts.ts';
import { type Line, Measurer, TextLayout, type TextStyle } from './layout.ts';

export type PdfSubmission = {
  id: string;
  /** Its number in the form (its reference). */
  number: number;
  createdAt: Date;
  language: string;
  completed: boolean;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  triage: Triage;
};

export type PdfInput = {
  form: { title: string; themeConfig: Record<string, unknown> | null };
  /** The fields of the version the submission answered, in form order. */
  fields: FormField[];
  submission: PdfSubmission;
  /** The form's logo: a path to one of its pictures is drawn above the title. */
  logoUrl: string | null;
  /** Pictures as pdfkit draws them (PNG or JPEG, made small), or null when one cannot be read. */
  pictures: {
    /** One of the submission's uploads: an image file, a drawn signature. */
    upload: (uploadId: string) => Promise<Buffer | null>;
    /** One of the form's own pictures, by the path the form shows it at (an option's picture). */
    form: (path: string) => Promise<Buffer | null>;
  };
};

const PAGE = PDF_PAGE;
const MARGIN = PDF_MARGIN;
export const WIDTH = PDF_CONTENT_WIDTH;
export const TEXT = PDF_TEXT_COLOUR;
export const MUTED = PDF_MUTED_COLOUR;
export const STYLES: Record<keyof typeof PDF_TEXT_STYLES, TextStyle> = PDF_TEXT_STYLES;

/** The accent of the form's theme, readable on white paper (core's pdfAccent, shared with the browser's PDF). */
export const accentOf = pdfAccent;

export { timeIn } from '@formsmith/core/submissions/pdf-outline';

let PDFDocument: typeof import('pdfkit') | undefined;

/**
 * A tagged PDF: its title (shown as the window's title) and a structure a screen reader follows,
 * in the document's language. What is drawn outside an element (rules, the logo, the page
 * footers) is marked as an artifact, decoration a reader skips.
 */
type Tagging = { title: string };

/** Writes a document from the top down, onto new pages as they fill (the summary report draws with it too). */
export class Writer {
  /**
   * A writer, once the PDF libraries are loaded: they are loaded with the first PDF a request
   * asks for, not at start-up, since most requests never need them.
   */
  static async open(language: string, accent: string, tagging?: Tagging): Promise<Writer> {
    [PDFDocument] = await Promise.all([
      PDFDocument ?? import('pdfkit').then((m) => m.default),
      loadFontkit(),
    ]);
    return new Writer(language, accent, tagging);
  }

  readonly doc: PDFKit.PDFDocument;
  private y = MARGIN.top;
  private readonly layout: TextLayout;
  private readonly registered = new Set<string>();
  /** The open elements of a tagged document's structure, the document itself first; empty when untagged. */
  private readonly structure: { role: string; element: PDFKit.PDFStructureElement }[] = [];

  private constructor(
    language: string,
    private readonly accent: string,
    tagging: Tagging | undefined,
  ) {
    if (!PDFDocument) throw new Error('Writer.open() loads the PDF library');
    this.doc = new PDFDocument({
      size: [PAGE.width, PAGE.height],
      margin: 0,
      bufferPages: true,
      autoFirstPage: true,
      info: { Producer: 'Formsmith', Creator: 'Formsmith', ...(tagging ? { Title: tagging.title } : {}) },
      ...(tagging ? { tagged: true, lang: language, displayTitle: true, pdfVersion: '1.7' as const } : {}),
    });
    this.layout = new TextLayout(new Measurer(), language);
    if (tagging) {
      const element = this.doc.struct('Document');
      this.doc.addStructure(element);
      this.structure.push({ role: 'Document', element });
    }
  }

  /** Starts an element of a tagged document's structure, inside the one open (nothing when untagged). */
  open(role: PdfRole | 'Figure', options: { alt?: string } = {}) {
    const parent = this.structure.at(-1);
    if (!parent) return;
    const element = this.doc.struct(role, options);
    parent.element.add(element);
    this.structure.push({ role, element });
  }

  /** Ends the element `open` started last (never the document itself). */
  close() {
    if (this.structure.length < 2) return;
    this.structure.pop()!.element.end();
  }

  /**
   * Draws as content of the innermost open element (an artifact when `artifact`: decoration), each
   * drawing marked on its own page, so a page break never falls inside one.
   */
  private marked(draw: () => void, artifact?: 'Layout' | 'Pagination') {
    const current = this.structure.at(-1);
    if (!current) return draw();
    if (artifact) {
      this.doc.markContent('Artifact', { type: artifact });
      draw();
      this.doc.endMarkedContent();
      return;
    }
    const content = this.doc.markStructureContent(current.role);
    draw();
    this.doc.endMarkedContent();
    current.element.add(content);
  }

  private font(family: Family, weight: Weight, size: number) {
    const { name } = loadFont(family, weight);
    if (!this.registered.has(name)) {
      // pdfkit takes a parsed font as well as its file: this document's own (documentFont).
      this.doc.registerFont(name, documentFont(family, weight).font as unknown as Buffer);
      this.registered.add(name);
    }
    this.doc.font(name).fontSize(size);
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number) {
    if (this.y + height > PAGE.height - MARGIN.bottom) {
      this.doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
      this.y = MARGIN.top;
    }
  }

  gap(points: number) {
    this.y += points;
  }

  /** Wrapped text, line by line, each line on whichever page has room for it. */
  text(text: string, style: TextStyle, color: string, indent = 0) {
    const width = WIDTH - indent;
    const lineHeight = style.size * 1.5;
    for (const line of this.layout.lines(text, width, style)) {
      this.ensure(lineHeight);
      this.marked(() =>
        this.drawLine(line, style, color, MARGIN.side + indent, width, this.y + style.size * 1.1),
      );
      this.y += lineHeight;
    }
  }

  private drawLine(
    line: Line,
    style: TextStyle,
    color: string,
    left: number,
    width: number,
    baseline: number,
  ) {
    // A right-to-left paragraph starts at the right edge.
    let x = line.rtl ? left + width - line.width : left;
    for (const piece of line.pieces) {
      this.font(piece.family, style.weight, style.size);
      this.doc.fillColor(color).text(piece.text, x, baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
        // Features given make pdfkit shape the run whole (right-to-left text needs it); without,
        // it lays and remembers word by word.
        ...(piece.whole ? { features: [] } : {}),
      });
      x += piece.width;
    }
  }

  rule(color: string, thickness: number) {
    this.ensure(thickness + 4);
    this.marked(
      () =>
        this.doc
          .moveTo(MARGIN.side, this.y)
          .lineTo(PAGE.width - MARGIN.side, this.y)
          .lineWidth(thickness)
          .strokeColor(color)
          .stroke(),
      'Layout',
    );
    this.y += thickness;
  }

  /**
   * A PNG or JPEG no taller than `maxHeight` nor wider than `maxWidth` (never enlarged), or false
   * when pdfkit cannot read it. In a tagged document a Figure saying `alt`, or decoration (an
   * artifact) when `alt` is null.
   */
  image(png: Buffer, maxHeight: number, maxWidth: number, alt: string | null = null): boolean {
    // pdfkit reads the image's size with openImage, which its type definitions leave out.
    const opener = this.doc as unknown as { openImage(src: Buffer): { width: number; height: number } };
    let image: { width: number; height: number };
    try {
      image = opener.openImage(png);
    } catch {
      return false;
    }
    const scale = Math.min(1, maxHeight / image.height, maxWidth / image.width);
    const height = image.height * scale;
    this.ensure(height + 4);
    const draw = () =>
      this.doc.image(image as unknown as Buffer, MARGIN.side, this.y, { width: image.width * scale, height });
    if (alt === null) this.marked(draw, 'Layout');
    else {
      this.open('Figure', { alt });
      this.marked(draw);
      this.close();
    }
    this.y += height + 4;
    return true;
  }

  section(title: string) {
    this.ensure(STYLES.section.size * 4);
    this.gap(14);
    this.text(title, STYLES.section, this.accent);
    this.rule(this.accent, 0.75);
    this.gap(8);
  }

  /**
   * A horizontal bar chart drawn as vectors: per row its label (wrapped in the left column), a
   * bar as long as its share of the largest count, then the count and its share of `total`.
   */
  bars(rows: { label: string; count: number }[], total: number) {
    const labelWidth = WIDTH * 0.38;
    const barLeft = MARGIN.side + labelWidth + 8;
    const barRoom = WIDTH - labelWidth - 8 - 70;
    const largest = Math.max(1, ...rows.map((r) => r.count));
    const style = STYLES.meta;
    const lineHeight = style.size * 1.5;
    for (const row of rows) {
      const lines = this.layout.lines(row.label || '—', labelWidth, style);
      const height = Math.max(1, lines.length) * lineHeight + 3;
      this.ensure(height);
      lines.forEach((line, i) => {
        this.drawLine(line, style, TEXT, MARGIN.side, labelWidth, this.y + i * lineHeight + style.size * 1.1);
      });
      const barHeight = style.size * 0.95;
      const barTop = this.y + (lineHeight - barHeight) / 2;
      this.doc.rect(barLeft, barTop, barRoom, barHeight).fillColor('#eef0f3').fill();
      const length = (row.count / largest) * barRoom;
      if (length > 0) this.doc.rect(barLeft, barTop, length, barHeight).fillColor(this.accent).fill();
      const share = total > 0 ? ` (${Math.round((row.count / total) * 100)}%)` : '';
      const [figure] = this.layout.lines(`${row.count}${share}`, 66, style);
      if (figure) this.drawLine(figure, style, TEXT, barLeft + barRoom + 4, 66, this.y + style.size * 1.1);
      this.y += height;
    }
  }

  /** 'Page 2 of 5' at the foot of every page, after what the document is (`Submission 1a2b3c4d`). */
  footers(what: string) {
    const range = this.doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i);
      const [line] = this.layout.lines(`${what} · Page ${i + 1} of ${range.count}`, WIDTH, STYLES.foot);
      if (line)
        this.marked(
          () => this.drawLine(line, STYLES.foot, MUTED, MARGIN.side, WIDTH, PAGE.height - MARGIN.bottom / 2),
          'Pagination',
        );
    }
  }

  /** The finished file. */
  async bytes(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    // The document's element, which pdfkit writes once it is ended.
    this.structure[0]?.element.end();
    this.doc.end();
    return done;
  }
}

/** The whole PDF of one submission: core's walk (writeSubmissionPdf), drawn with this Writer. */
export async function submissionPdf(input: PdfInput): Promise<Buffer> {
  const { form, fields, submission } = input;
  const accent = accentOf(form.themeConfig);
  const what = `Submission ${shortSubmissionId(submission.id)}`;
  const w = await Writer.open(submission.language, accent, {
    title: `${pdfFormTitle(form.title)}: ${what}`,
  });
  await writeSubmissionPdf(
    {
      open: (role) => w.open(role),
      close: () => w.close(),
      text: (text, style, colour) => w.text(text, STYLES[style], colour),
      gap: (points) => w.gap(points),
      rule: (colour, thickness) => w.rule(colour, thickness),
      section: (title) => w.section(title),
      picture: async (picture, maxHeight, maxWidth, alt) => {
        const bytes =
          picture.kind === 'upload'
            ? await input.pictures.upload(picture.uploadId)
            : await input.pictures.form(picture.path);
        return bytes !== null && w.image(bytes, maxHeight, maxWidth, alt);
      },
    },
    {
      title: form.title,
      accent,
      logoUrl: input.logoUrl,
      facts: submissionFacts(submission),
      outline: submissionOutline(fields, submission.data),
    },
  );
  w.footers(what);
  return w.bytes();
}
