import { describe, expect, it } from 'vitest';
import { normalizeFields } from '../forms/read-field.ts';
import { answerTextLines, factLine, submissionFacts, submissionOutline } from './pdf-outline.ts';

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
    expect(cv?.kind === 'answer' && answerTextLines(cv.field, cv.value)).toEqual(['cv.pdf (2 KB)']);
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
