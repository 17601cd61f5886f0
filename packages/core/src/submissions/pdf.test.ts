import { describe, expect, it } from 'vitest';
import { shortSubmissionId, submissionPdfName } from './pdf.ts';

const ID = '3f2a9c1e-7b4d-4e8a-9f00-123456789abc';

describe('the file name of a submission PDF', () => {
  it('is the form title and the short id', () => {
    expect(shortSubmissionId(ID)).toBe('3f2a9c1e');
    expect(submissionPdfName('Job application', ID)).toBe('Job application-3f2a9c1e.pdf');
  });

  it('keeps letters of any script and drops what no file system allows', () => {
    expect(submissionPdfName('طلب  توظيف / 2026: "السنة"', ID)).toBe('طلب توظيف 2026 السنة-3f2a9c1e.pdf');
    expect(submissionPdfName('..\\..\\etc\u0000passwd', ID)).toBe('etc passwd-3f2a9c1e.pdf');
  });

  it('names a title with nothing left "submission" and shortens a long one', () => {
    expect(submissionPdfName(' ?*/ ', ID)).toBe('submission-3f2a9c1e.pdf');
    expect(submissionPdfName('x'.repeat(300), ID)).toBe(`${'x'.repeat(80)}-3f2a9c1e.pdf`);
  });
});
