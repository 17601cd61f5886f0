import { describe, expect, it } from 'vitest';
import { providerFormSchema, SYSTEM_PROMPT } from '../provider-schema.ts';
import { generateForm } from './generate-form.ts';

const fileField = (prompt: string) => {
  const form = generateForm(prompt);
  const field = form.fields.find((f) => f.type === 'file');
  expect(field, JSON.stringify(form.fields.map((f) => [f.label, f.type]))).toBeDefined();
  return field!;
};

describe('generateForm: uploads of several files', () => {
  it.each([
    ['Damage claim: your name, email, and upload up to 3 photos of the damage', 3],
    ['Job application: name, email and two documents (CV and cover letter) to upload', 2],
    ['Portfolio review: name, email, upload 5 images of your work', 5],
  ])('takes the count "%s" names', (prompt, count) => {
    expect(fileField(prompt).validation.maxFiles).toBe(count);
  });

  it('takes one file when the request names no count, and none past the limit', () => {
    expect(fileField('Job application: name, email and upload your CV').validation.maxFiles).toBeUndefined();
    expect(fileField('Gallery: name, upload 40 photos').validation.maxFiles).toBeUndefined();
  });

  it("tells the model a file field's max is its count of files, and reads it so", () => {
    expect(SYSTEM_PROMPT).toContain('up to 3 photos');
    const parsed = providerFormSchema.parse({
      title: 'Claim',
      description: null,
      fields: [
        { label: 'Photos of the damage', type: 'file', required: true, max: 4 },
        { label: 'Receipt', type: 'file', required: false, max: 1 },
        { label: 'Scans', type: 'file', required: false, max: 25 },
      ],
    });
    const limits = parsed.fields.map((f) => f.validation as { maxFiles?: number; max?: number });
    expect(limits.map((v) => v.maxFiles)).toEqual([4, undefined, 10]);
    expect(limits.map((v) => v.max)).toEqual([undefined, undefined, undefined]);
  });
});
