import { type FormField, fieldSchema } from '@formsmith/core/forms/field';
import { describe, expect, it } from 'vitest';
import { restoreValues } from './restore.ts';

const field = (raw: Record<string, unknown>): FormField =>
  fieldSchema.parse({ label: '', validation: { required: false }, position: 0, ...raw });

const a = { upload_id: 'ua', name: 'a.txt', size: 1, type: 'text/plain' };
const b = { upload_id: 'ub', name: 'b.txt', size: 2, type: 'text/plain' };

describe('restoreValues for file fields', () => {
  it('brings back each saved file of a field that takes several, and one file as before', () => {
    const docs = field({ id: 'docs', type: 'file', validation: { required: false, maxFiles: 3 } });
    const cv = field({ id: 'cv', type: 'file' });
    const values = restoreValues([docs, cv], { docs: null, cv: null }, { docs: [a, b], cv: a });
    expect(values.docs).toEqual([a, b]);
    expect(values.cv).toEqual(a);
  });

  it('still reads a list of ticked options as texts', () => {
    const tags = field({
      id: 'tags',
      type: 'checkbox',
      options: [
        { id: 'x', label: 'X', value: 'x' },
        { id: 'y', label: 'Y', value: 'y' },
      ],
    });
    expect(restoreValues([tags], { tags: [] }, { tags: ['x', 'y'] }).tags).toEqual(['x', 'y']);
  });
});
