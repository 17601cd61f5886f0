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

/** How one side draws: each call writes below the last, onto a new page when this one is full. */
export interface PdfWriter {
  /** Wrapped text, each line on whichever page has room for it. */
  text(text: string, style: PdfStyleName, colour: string): void;
  /** Blank space, in points. */
  gap(points: number): void;
  /** A line across the width. */
  rule(colour: string, thickness: number): void;
  /** A page of the form: a heading in the accent over a thin rule. */
  section(title: string): void;
  /**
   * The picture within the box (never enlarged), resolving to whether it was drawn: false when it
   * is missing or cannot be read, and the PDF says so in text instead.
   */
  picture(picture: PdfPicture, maxHeight: number, maxWidth: number): Promise<boolean>;
}

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
    if (await w.picture({ kind: 'form', path: input.logoUrl! }, LOGO_HEIGHT, LOGO_WIDTH)) w.gap(6);
  }
  w.text(input.title.trim() || 'Untitled form', 'title', accent);
  w.gap(2);
  w.rule(accent, 2);
  w.gap(10);
  for (const fact of input.facts) w.text(factLine(fact), 'meta', PDF_MUTED_COLOUR);

  for (const item of input.outline) {
    switch (item.kind) {
      case 'section':
        w.section(item.title);
        break;
      case 'start':
        w.gap(10);
        break;
      case 'statement':
        w.gap(6);
        if (item.label) w.text(item.label, 'label', accent);
        if (item.help) w.text(item.help, 'body', PDF_MUTED_COLOUR);
        w.gap(4);
        break;
      case 'other':
        w.gap(6);
        w.text(item.key, 'label', PDF_TEXT_COLOUR);
        w.text(item.text, 'body', PDF_TEXT_COLOUR);
        break;
      case 'answer':
        w.gap(6);
        w.text(item.label, 'label', PDF_TEXT_COLOUR);
        await answer(w, item.field, item.value);
        break;
    }
  }
}

/** An answer under its question: with its pictures where it has some, else as text. */
async function answer(w: PdfWriter, field: FormField, value: unknown) {
  if (value === undefined) w.text('No answer', 'body', PDF_MUTED_COLOUR);
  else if (field.type === 'signature') await signature(w, value);
  else if (field.type === 'file') await files(w, value);
  else if (field.type === 'picture_choice') await pictureChoice(w, field, value);
  else for (const line of answerLines(field, value)) w.text(line, 'body', PDF_TEXT_COLOUR);
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
async function signature(w: PdfWriter, value: unknown) {
  const answer = readSignature(value);
  if (answer?.method === 'drawn' && answer.upload_id) {
    const drawn = await w.picture(uploadOf(answer.upload_id, value), SIGNATURE_HEIGHT, PICTURE_WIDTH);
    if (!drawn)
      w.text(
        `Signed (drawn): ${answer.name ?? 'signature.png'}, picture not available`,
        'body',
        PDF_TEXT_COLOUR,
      );
  } else {
    w.text(signatureText(value), 'body', PDF_TEXT_COLOUR);
  }
  const at = signedAtText(value);
  if (at) w.text(`Signed at ${at}`, 'meta', PDF_MUTED_COLOUR);
}

/**
 * Uploaded files: a picture drawn (scaled to fit) above its name and size; any other file, or a
 * picture that cannot be read, as its name and size.
 */
async function files(w: PdfWriter, value: unknown) {
  for (const item of fileList(value)) {
    const uploadId = isRecord(item) ? item.upload_id : undefined;
    const drawn =
      typeof uploadId === 'string' &&
      (await w.picture(uploadOf(uploadId, item), UPLOAD_HEIGHT, PICTURE_WIDTH));
    w.text(fileLine(item), drawn ? 'meta' : 'body', drawn ? PDF_MUTED_COLOUR : PDF_TEXT_COLOUR);
  }
}

/** The options picked, each its picture (when it has one that reads) above its label. */
async function pictureChoice(
  w: PdfWriter,
  field: Extract<FormField, { type: 'picture_choice' }>,
  value: unknown,
) {
  for (const picked of Array.isArray(value) ? value : [value]) {
    const option = field.options.find((o) => o.value === picked);
    if (option?.image) await w.picture({ kind: 'form', path: option.image }, OPTION_HEIGHT, PICTURE_WIDTH);
    w.text(formatAnswer(field, picked) || '—', 'body', PDF_TEXT_COLOUR);
  }
}

/**
 * Every text the walk may write, pictures taken as unreadable so the words said in their place
 * are in too: the browser fetches the fonts these need before it draws.
 */
export async function submissionPdfTexts(input: PdfWalkInput): Promise<string[]> {
  const texts: string[] = [];
  await writeSubmissionPdf(
    {
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
