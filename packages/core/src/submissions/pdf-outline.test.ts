import { describe, expect, it } from 'vitest';
import { normalizeFields } from '../forms/read-field.ts';
import {
  factLine,
  fileLine,
  PDF_MUTED_COLOUR,
  PDF_TEXT_COLOUR,
  submissionFacts,
  submissionOutline,
} from './pdf-outline.ts';
import { type PdfPicture, type PdfWalkInput, submissionPdfTexts, writeSubmissionPdf } from './pdf-walk.ts';

const field = (id: string, label: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  label,
  type,
  validation: { required: false },
  ...extra,
});

const FIELDS = normalizeFields([
  field('f_intro', 'Welcome', 'statement', { helpText: 'Tell us about you' }),
  field('f_name', 'Full name', 'text'),
  field('f_break', 'About you', 'page_break'),
  field('f_cv', 'CV', 'file'),
  field('f_note', 'Note', 'textarea'),
]);

describe('the outline of a submission PDF', () => {
  it('follows form order, pages as sections, and keeps answers no field names', () => {
    const outline = submissionOutline(FIELDS, {
      f_name: 'Ada',
      f_cv: [{ name: 'cv.pdf', size: 2048, upload_id: 'u1' }],
      gone: 'kept',
      _formLoadTime: 1,
    });
    expect(outline.map((item) => item.kind)).toEqual([
      'start',
      'statement',
      'answer',
      'section',
      'answer',
      'answer',
      'section',
      'other',
    ]);
    expect(outline[1]).toEqual({ kind: 'statement', label: 'Welcome', help: 'Tell us about you' });
    expect(outline[3]).toEqual({ kind: 'section', title: 'About you' });
    const cv = outline[4];
    expect(cv?.kind === 'answer' && (cv.value as unknown[]).map(fileLine)).toEqual(['cv.pdf (2 KB)']);
    // An unanswered question has no value; the PDF says 'No answer'.
    expect(outline[5]).toMatchObject({ kind: 'answer', label: 'Note', value: undefined });
    expect(outline.slice(6)).toEqual([
      { kind: 'section', title: 'Other answers' },
      { kind: 'other', key: 'gone', text: 'kept' },
    ]);
  });

  it('states when, in which language, the status, the quiz score and the reference', () => {
    const facts = submissionFacts({
      id: '3f2a9c1e-7b4d-4e8a-9f00-123456789abc',
      number: 142,
      createdAt: new Date('2026-03-04T05:06:00Z'),
      language: 'en',
      completed: true,
      metadata: { quiz: { score: 7, max: 10, passed: true } },
    });
    expect(facts.map(factLine).map((line) => line.replace(/[\u2068\u2069]/g, ''))).toEqual([
      'Submitted: March 4, 2026 at 5:06 AM UTC',
      'Language: English (en)',
      'Status: complete, new',
      'Quiz score: 7 of 10 points, passed',
      'Reference: #142',
      'Submission: 3f2a9c1e-7b4d-4e8a-9f00-123456789abc',
    ]);
  });
});

const LOGO = `/api/form-submissions/forms/7/pictures/${'a'.repeat(40)}`;

const WALK_FIELDS = normalizeFields([
  field('f_name', 'Full name', 'text'),
  field('f_photo', 'Photo', 'file'),
  field('f_break', 'Sign', 'page_break'),
  field('f_sig', 'Signature', 'signature'),
  field('f_note', 'Note', 'textarea'),
]);

const DATA = {
  f_name: 'Ada',
  f_photo: [
    { upload_id: 'u1', file_id: 'file-1', name: 'me.png', type: 'image/png', size: 2048 },
    { upload_id: 'u2', name: 'cv.pdf', type: 'application/pdf', size: 4096 },
  ],
  f_sig: {
    method: 'drawn',
    upload_id: 'u3',
    file_id: 'file-3',
    name: 'signature.png',
    type: 'image/png',
    signed_at: '2026-03-04T05:06:00.000Z',
  },
};

const input = (logoUrl: string | null): PdfWalkInput => ({
  title: 'Intake',
  accent: '#4f46e5',
  logoUrl,
  facts: [['Reference', '#1']],
  outline: submissionOutline(WALK_FIELDS, DATA),
});

/** A writer that records each call, and draws only the uploads named in `readable`. */
function recorder(readable: Set<string>) {
  const calls: unknown[][] = [];
  return {
    calls,
    writer: {
      open: (role: string) => calls.push(['open', role]),
      close: () => calls.push(['close']),
      text: (text: string, style: string, colour: string) => calls.push(['text', text, style, colour]),
      gap: (points: number) => calls.push(['gap', points]),
      rule: (colour: string, thickness: number) => calls.push(['rule', colour, thickness]),
      section: (title: string) => calls.push(['section', title]),
      picture: async (picture: PdfPicture, maxHeight: number, maxWidth: number, alt: string | null) => {
        calls.push(['picture', picture, maxHeight, Math.round(maxWidth), alt]);
        return picture.kind === 'form' ? readable.has(picture.path) : readable.has(picture.uploadId);
      },
    },
  };
}

describe('the walk through a submission PDF', () => {
  it('gives the writer the logo, title, facts and each answer in form order, pictures where they draw', async () => {
    const { calls, writer } = recorder(new Set([LOGO, 'u1', 'u2', 'u3']));
    await writeSubmissionPdf(writer, input(LOGO));
    expect(calls).toEqual([
      // The logo is decoration: no text for a reader.
      ['picture', { kind: 'form', path: LOGO }, 40, 242, null],
      ['gap', 6],
      ['open', 'H1'],
      ['text', 'Intake', 'title', '#4f46e5'],
      ['close'],
      ['gap', 2],
      ['rule', '#4f46e5', 2],
      ['gap', 10],
      ['open', 'P'],
      ['text', 'Reference: \u2068#1\u2069', 'meta', PDF_MUTED_COLOUR],
      ['close'],
      ['gap', 10],
      ['gap', 6],
      ['open', 'H3'],
      ['text', 'Full name', 'label', PDF_TEXT_COLOUR],
      ['close'],
      ['open', 'P'],
      ['text', 'Ada', 'body', PDF_TEXT_COLOUR],
      ['close'],
      ['gap', 6],
      ['open', 'H3'],
      ['text', 'Photo', 'label', PDF_TEXT_COLOUR],
      ['close'],
      // Two files are a list. A sealed upload carries what opens it; each file's name follows,
      // muted under a picture, which says the question and the name to a reader.
      ['open', 'L'],
      ['open', 'LI'],
      ['open', 'LBody'],
      [
        'picture',
        { kind: 'upload', uploadId: 'u1', fileId: 'file-1', type: 'image/png' },
        220,
        290,
        'Photo: me.png (2 KB)',
      ],
      ['open', 'P'],
      ['text', 'me.png (2 KB)', 'meta', PDF_MUTED_COLOUR],
      ['close'],
      ['close'],
      ['close'],
      ['open', 'LI'],
      ['open', 'LBody'],
      [
        'picture',
        { kind: 'upload', uploadId: 'u2', type: 'application/pdf' },
        220,
        290,
        'Photo: cv.pdf (4 KB)',
      ],
      ['open', 'P'],
      ['text', 'cv.pdf (4 KB)', 'meta', PDF_MUTED_COLOUR],
      ['close'],
      ['close'],
      ['close'],
      ['close'],
      ['open', 'H2'],
      ['section', 'Sign'],
      ['close'],
      ['gap', 6],
      ['open', 'H3'],
      ['text', 'Signature', 'label', PDF_TEXT_COLOUR],
      ['close'],
      [
        'picture',
        { kind: 'upload', uploadId: 'u3', fileId: 'file-3', type: 'image/png' },
        80,
        290,
        'Drawn signature: Signature',
      ],
      ['open', 'P'],
      ['text', 'Signed at 2026-03-04T05:06:00.000Z', 'meta', PDF_MUTED_COLOUR],
      ['close'],
      ['gap', 6],
      ['open', 'H3'],
      ['text', 'Note', 'label', PDF_TEXT_COLOUR],
      ['close'],
      ['open', 'P'],
      ['text', 'No answer', 'body', PDF_MUTED_COLOUR],
      ['close'],
    ]);
  });

  it('names what does not draw, and asks for no logo from a host the form names', async () => {
    const { calls, writer } = recorder(new Set());
    await writeSubmissionPdf(writer, input('https://elsewhere.example/logo.png'));
    expect(calls.filter((c) => c[0] === 'picture').map((c) => (c[1] as PdfPicture).kind)).toEqual([
      'upload',
      'upload',
      'upload',
    ]);
    const texts = calls.filter((c) => c[0] === 'text').map((c) => [c[1], c[2]]);
    expect(texts).toContainEqual(['me.png (2 KB)', 'body']);
    expect(texts).toContainEqual(['Signed (drawn): signature.png, picture not available', 'body']);
  });

  it('lists every text it may write, for the fonts to fetch', async () => {
    const texts = await submissionPdfTexts(input(LOGO));
    expect(texts).toEqual(
      expect.arrayContaining([
        'Intake',
        'Sign',
        'Ada',
        'cv.pdf (4 KB)',
        'Signed (drawn): signature.png, picture not available',
      ]),
    );
  });
});
