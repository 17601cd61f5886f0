import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.ts';
import { formatAnswer } from './answer-format.ts';
import { fileList, maxFilesOf, takesManyFiles } from './files.ts';
import { makeField } from './test-fields.ts';
import { validateFieldValue } from './validate.ts';

const MB = 1024 * 1024;
const file = (name: string, size: number, type = 'application/pdf') => ({
  upload_id: '6f1c0d3e-2b7a-4c1e-9a55-0d3b1f0e8a21',
  name,
  size,
  type,
});
const several = makeField('file', {
  id: 'docs',
  validation: { required: true, maxFiles: 3, maxTotalSize: 5 * MB, maxFileSize: 3 * MB, accept: ['.pdf'] },
});
const single = makeField('file', { id: 'cv', validation: { required: true } });

describe('several files in one file field', () => {
  it('takes one file unless the owner allows more, and never past the product limit', () => {
    expect(maxFilesOf(single)).toBe(1);
    expect(takesManyFiles(single)).toBe(false);
    expect(maxFilesOf(several)).toBe(3);
    expect(maxFilesOf(makeField('file', { validation: { required: false, maxFiles: 500 } }))).toBe(
      LIMITS.uploadMaxFiles,
    );
    expect(maxFilesOf(makeField('file', { validation: { required: false, maxFiles: 0 } }))).toBe(1);
  });

  it('accepts files within the count, each size, the types and the total', () => {
    expect(validateFieldValue(several, [file('a.pdf', MB), file('b.pdf', 2 * MB)])).toBeNull();
  });

  it('refuses more files than allowed, naming the limit', () => {
    const four = ['a', 'b', 'c', 'd'].map((n) => file(`${n}.pdf`, 10));
    expect(validateFieldValue(several, four)).toBe('Please choose at most 3 files');
    // Counted before the server has looked the uploads up, too.
    expect(validateFieldValue(several, ['1', '2', '3', '4'])).toBe('Please choose at most 3 files');
    expect(validateFieldValue(single, [file('a.pdf', 1), file('b.pdf', 1)])).toBe(
      'Please choose at most 1 file',
    );
  });

  it('refuses files too large together, naming the total', () => {
    const big = [file('a.pdf', 2 * MB), file('b.pdf', 2 * MB), file('c.pdf', 2 * MB)];
    expect(validateFieldValue(several, big)).toBe('The files are too large together (at most 5 MB in all)');
  });

  it('names the one file too large or of a type not accepted', () => {
    expect(validateFieldValue(several, [file('a.pdf', 1), file('huge.pdf', 4 * MB)])).toBe(
      'huge.pdf is too large (at most 3 MB)',
    );
    expect(validateFieldValue(several, [file('photo.png', 10, 'image/png')])).toBe(
      'photo.png: this file type is not accepted',
    );
  });

  it('requires at least one file when required, and reads an old single answer as before', () => {
    expect(validateFieldValue(several, [])).toBe('This field is required');
    expect(validateFieldValue(single, file('cv.pdf', MB))).toBeNull();
    expect(fileList(file('cv.pdf', 1))).toHaveLength(1);
    expect(fileList(null)).toEqual([]);
    expect(formatAnswer(single, file('cv.pdf', 1))).toBe('cv.pdf');
    expect(formatAnswer(several, [file('a.pdf', 1), file('b.pdf', 1)])).toBe('a.pdf, b.pdf');
  });
});
