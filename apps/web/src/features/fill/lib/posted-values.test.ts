import { type FormField, fieldSchema } from '@formsmith/core/forms/field';
import { describe, expect, it } from 'vitest';
import { readPostedValues } from './posted-values.ts';

const field = (raw: Record<string, unknown>): FormField =>
  fieldSchema.parse({ label: '', validation: { required: false }, position: 0, ...raw });

const docs = field({
  id: 'docs',
  type: 'file',
  label: 'Documents',
  validation: { required: false, maxFiles: 3 },
});
const cv = field({ id: 'cv', type: 'file', label: 'CV' });

const a = { upload_id: 'ua', name: 'a.txt', size: 1, type: 'text/plain' };
const b = { upload_id: 'ub', name: 'b.txt', size: 2, type: 'text/plain' };
const c = { upload_id: 'uc', name: 'c.txt', size: 3, type: 'text/plain' };

describe('readPostedValues for file fields', () => {
  it('keeps the files carried from earlier posts, then adds this post’s, in order', () => {
    const values = readPostedValues({
      fields: [docs],
      posted: { docs: [JSON.stringify(a), JSON.stringify(b)] },
      files: { docs: [c] },
    });
    expect(values.docs).toEqual([a, b, c]);
  });

  it('drops a carried text that is not a stored file', () => {
    const values = readPostedValues({
      fields: [docs],
      posted: { docs: ['not json', JSON.stringify({ name: 'no-id.txt', size: 1, type: 'text/plain' })] },
      files: {},
    });
    expect(values.docs).toEqual([]);
  });

  it('gives a field that takes one file its newest file, else the carried one', () => {
    expect(
      readPostedValues({ fields: [cv], posted: { cv: [JSON.stringify(a)] }, files: { cv: [b] } }).cv,
    ).toEqual(b);
    expect(readPostedValues({ fields: [cv], posted: { cv: [JSON.stringify(a)] }, files: {} }).cv).toEqual(a);
    expect(readPostedValues({ fields: [cv], posted: {}, files: {} }).cv).toBeNull();
  });
});
