// The walk through one submission's PDF, top to bottom, shared by the server's writer (pdfkit, a
// form it can read) and the browser's (pdf-lib, answers sealed end to end): the logo, the title,
// the facts, then each block of the outline in form order. Each side implements PdfWriter (how a
// line of text, a rule, a picture is drawn on its library's page); what is said, in which style
// and colour, and where a picture stands is decided here once.

import { formatAnswer } from '../fields/answer-format.ts';
import { fileList } from '../fields/files.ts';
import { isPicturePath } from '../fields/picture-choice.ts';
import { isRecord } from '../fields/read.ts';
import { readSignature, signatureText, signedAtText } from '../fields/signature.ts';
import type { FormField } from '../forms/field.ts';
import {
  answerLines,
  factLine,
  fileLine,
  type OutlineItem,
  PDF_MUTED_COLOUR,
  PDF_TEXT_COLOUR,
  type PDF_TEXT_STYLES,
} from './pdf-outline.ts';

/** An A4 page in points, and the margins of a submission PDF. */
export const PDF_PAGE = { width: 595.28, height: 841.89 };
export const PDF_MARGIN = { top: 56, bottom: 64, side: 56 };
/** The width text and pictures are laid in. */
export const PDF_CONTENT_WIDTH = PDF_PAGE.width - 2 * PDF_MARGIN.side;

/**
 * The longest side, in pixels, of a picture put into a submission PDF: about twice the widest it
 * is drawn (300 pt), so it stays sharp on paper while a 40-megapixel photo adds a few hundred kB,
 * not 40 MB. Both writers shrink to it: the server with sharp, the browser through a canvas.
 */
export const PDF_PICTURE_MAX_SIDE = 800;

/** A picture's size in pixels within PDF_PICTURE_MAX_SIDE, its proportions kept, never enlarged. */
export function pdfPictureSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PDF_PICTURE_MAX_SIDE / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** How tall the logo is drawn above the title, and an uploaded picture, a signature, an option's picture at most. */
const LOGO_HEIGHT = 40;
const UPLOAD_HEIGHT = 220;
const SIGNATURE_HEIGHT = 80;
const OPTION_HEIGHT = 110;
/** How wide a picture is drawn at most: the logo half the width, any other 60% of it. */
const LOGO_WIDTH = PDF_CONTENT_WIDTH / 2;
const PICTURE_WIDTH = PDF_CONTENT_WIDTH * 0.6;

export type PdfStyleName = keyof typeof PDF_TEXT_STYLES;

/** A picture the PDF draws: one of the submission's uploads, or one of the form's own (its logo, an option's). */
export type PdfPicture =
  | {
      kind: 'upload';
      uploadId: string;
      /** The sealed file's id (its seal's associated data) and its type, for answers sealed end to end. */
      fileId?: string;
      type?: string;
    }
  | { kind: 'form'; path: string };

/**
 * The roles of a tagged PDF's structure the walk gives what it writes: the form's title (H1), a
 * page of the form (H2), a question (H3), a paragraph (P), a list of several lines of one answer
 * (L, each LI with its LBody).
 */
export type PdfRole = 'H1' | 'H2' | 'H3' | 'P' | 'L' | 'LI' | 'LBody';

/**
 * How one side draws: each call writes below the last, onto a new page when this one is full.
 * `open` and `close` say what each part is for the PDF's structure (a tagged PDF, which screen
 * readers follow): the server's writer (pdfkit) tags with them; pdf-lib has no structure tree to
 * write, so the browser's writer leaves them out.
 */
export interface PdfWriter {
  /** Starts an element of the structure: what is written until its `close` belongs to it (elements nest). */
  open(role: PdfRole): void;
  /** Ends the element `open` started last. */
  close(): void;
  /** Wrapped text, each line on whichever page has room for it. */
  text(text: string, style: PdfStyleName, colour: string): void;
  /** Blank space, in points. */
  gap(points: number): void;
  /** A line across the width: decoration (an artifact, outside the structure). */
  rule(colour: string, thickness: number): void;
  /** A page of the form: a heading in the accent over a thin rule. */
  section(title: string): void;
  /**
   * The picture within the box (never enlarged), resolving to whether it was drawn: false when it
   * is missing or cannot be read, and the PDF says so in text instead. `alt` is what it shows, for
   * a reader who cannot see it (a Figure); null for decoration (the logo, an artifact).
   */
  picture(picture: PdfPicture, maxHeight: number, maxWidth: number, alt: string | null): Promise<boolean>;
}

/** The form's title as its PDF shows it. */
export const pdfFormTitle = (title: string) => title.trim() || 'Untitled form';

export type PdfWalkInput = {
  title: string;
  accent: string;
  /** The form's logo: only a path to one of its pictures is drawn (never a host the form names). */
  logoUrl: string | null | undefined;
  facts: [string, string][];
  outline: OutlineItem[];
};

/** The whole body of a submission PDF, written through `w` (the footers are the writer's, once all pages exist). */
export async function writeSubmissionPdf(w: PdfWriter, input: PdfWalkInput): Promise<void> {
  const { accent } = input;
  if (isPicturePath(input.logoUrl ?? undefined)) {
    if (await w.picture({ kind: 'form', path: input.logoUrl! }, LOGO_HEIGHT, LOGO_WIDTH, null)) w.gap(6);
  }
  tagged(w, 'H1', pdfFormTitle(input.title), 'title', accent);
  w.gap(2);
  w.rule(accent, 2);
  w.gap(10);
  for (const fact of input.facts) tagged(w, 'P', factLine(fact), 'meta', PDF_MUTED_COLOUR);

  for (const item of input.outline) {
    switch (item.kind) {
      case 'section':
        w.open('H2');
        w.section(item.title);
        w.close();
        break;
      case 'start':
        w.gap(10);
        break;
      case 'statement':
        w.gap(6);
        if (item.label) tagged(w, 'H3', item.label, 'label', accent);
        if (item.help) tagged(w, 'P', item.help, 'body', PDF_MUTED_COLOUR);
        w.gap(4);
        break;
      case 'other':
        w.gap(6);
        tagged(w, 'H3', item.key, 'label', PDF_TEXT_COLOUR);
        tagged(w, 'P', item.text, 'body', PDF_TEXT_COLOUR);
        break;
      case 'answer':
        w.gap(6);
        tagged(w, 'H3', item.label, 'label', PDF_TEXT_COLOUR);
        await answer(w, item.label, item.field, item.value);
        break;
    }
  }
}

/** Text as one element of the structure. */
function tagged(w: PdfWriter, role: PdfRole, text: string, style: PdfStyleName, colour: string) {
  w.open(role);
  w.text(text, style, colour);
  w.close();
}

/**
 * Parts of one answer: one as it is, several as a list (each an item), so a reader hears how
 * many there are.
 */
async function parts<T>(w: PdfWriter, items: T[], write: (item: T) => Promise<void> | void) {
  if (items.length < 2) {
    for (const item of items) await write(item);
    return;
  }
  w.open('L');
  for (const item of items) {
    w.open('LI');
    w.open('LBody');
    await write(item);
    w.close();
    w.close();
  }
  w.close();
}

/** An answer under its question: with its pictures where it has some, else as text. */
async function answer(w: PdfWriter, label: string, field: FormField, value: unknown) {
  if (value === undefined) tagged(w, 'P', 'No answer', 'body', PDF_MUTED_COLOUR);
  else if (field.type === 'signature') await signature(w, label, value);
  else if (field.type === 'file') await files(w, label, value);
  else if (field.type === 'picture_choice') await pictureChoice(w, field, value);
  else await parts(w, answerLines(field, value), (line) => tagged(w, 'P', line, 'body', PDF_TEXT_COLOUR));
}

/** An upload as the PDF asks for it, with what a sealed one carries to be opened. */
function uploadOf(uploadId: string, item: unknown): PdfPicture {
  const record = isRecord(item) ? item : {};
  return {
    kind: 'upload',
    uploadId,
    ...(typeof record.file_id === 'string' ? { fileId: record.file_id } : {}),
    ...(typeof record.type === 'string' ? { type: record.type } : {}),
  };
}

/** A drawn signature as its picture (its name when the picture cannot be read); a typed one as text. */
async function signature(w: PdfWriter, label: string, value: unknown) {
  const answer = readSignature(value);
  if (answer?.method === 'drawn' && answer.upload_id) {
    const drawn = await w.picture(
      uploadOf(answer.upload_id, value),
      SIGNATURE_HEIGHT,
      PICTURE_WIDTH,
      // The picture holds no name to read out: the question it answers says whose it is.
      `Drawn signature: ${label}`,
    );
    if (!drawn)
      tagged(
        w,
        'P',
        `Signed (drawn): ${answer.name ?? 'signature.png'}, picture not available`,
        'body',
        PDF_TEXT_COLOUR,
      );
  } else {
    tagged(w, 'P', signatureText(value), 'body', PDF_TEXT_COLOUR);
  }
  const at = signedAtText(value);
  if (at) tagged(w, 'P', `Signed at ${at}`, 'meta', PDF_MUTED_COLOUR);
}

/**
 * Uploaded files: a picture drawn (scaled to fit) above its name and size; any other file, or a
 * picture that cannot be read, as its name and size.
 */
async function files(w: PdfWriter, label: string, value: unknown) {
  await parts(w, fileList(value), async (item) => {
    const uploadId = isRecord(item) ? item.upload_id : undefined;
    const line = fileLine(item);
    const drawn =
      typeof uploadId === 'string' &&
      (await w.picture(uploadOf(uploadId, item), UPLOAD_HEIGHT, PICTURE_WIDTH, `${label}: ${line}`));
    tagged(w, 'P', line, drawn ? 'meta' : 'body', drawn ? PDF_MUTED_COLOUR : PDF_TEXT_COLOUR);
  });
}

/** The options picked, each its picture (when it has one that reads) above its label. */
async function pictureChoice(
  w: PdfWriter,
  field: Extract<FormField, { type: 'picture_choice' }>,
  value: unknown,
) {
  await parts(w, Array.isArray(value) ? value : [value], async (picked) => {
    const option = field.options.find((o) => o.value === picked);
    const text = formatAnswer(field, picked) || '—';
    if (option?.image)
      await w.picture(
        { kind: 'form', path: option.image },
        OPTION_HEIGHT,
        PICTURE_WIDTH,
        option.alt?.trim() || text,
      );
    tagged(w, 'P', text, 'body', PDF_TEXT_COLOUR);
  });
}

/**
 * Every text the walk may write, pictures taken as unreadable so the words said in their place
 * are in too: the browser fetches the fonts these need before it draws.
 */
export async function submissionPdfTexts(input: PdfWalkInput): Promise<string[]> {
  const texts: string[] = [];
  await writeSubmissionPdf(
    {
      open: () => {},
      close: () => {},
      text: (text) => texts.push(text),
      gap: () => {},
      rule: () => {},
      section: (title) => texts.push(title),
      picture: async () => false,
    },
    input,
  );
  return texts;
}
