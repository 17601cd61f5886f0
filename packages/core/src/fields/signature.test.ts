import { describe, expect, it } from 'vitest';
import { SIGNATURE_MAX_BYTES } from '../forms/limits.ts';
import { typeNamed } from '../instruction/type-words.ts';
import { ownRule, shownIds } from '../logic/test-rules.ts';
import { formatAnswer } from './answer-format.ts';
import { PALETTE_TYPES } from './editor-rules.ts';
import { answerColumns, columnText } from './export-columns.ts';
import { isPng, readSignature, signatureText } from './signature.ts';
import { makeField } from './test-fields.ts';
import { validateFieldValue } from './validate.ts';

const signature = makeField('signature', { id: 'sig', label: 'Sign here' });
const UPLOAD = '6f1c0d3e-2b7a-4c1e-9a55-0d3b1f0e8a21';
const drawn = {
  upload_id: UPLOAD,
  name: 'signature.png',
  size: 2048,
  type: 'image/png',
  method: 'drawn',
  signed_at: '2026-11-28T10:00:00.000Z',
};

describe('signature answers', () => {
  it('accepts a drawn PNG and a typed name, refuses a drawing with no file', () => {
    expect(validateFieldValue(signature, drawn)).toBeNull();
    expect(validateFieldValue(signature, { method: 'typed', typed_name: 'Ada Lovelace' })).toBeNull();
    expect(validateFieldValue(signature, { method: 'drawn', signed_at: drawn.signed_at })).toMatch(/sign/i);
    expect(validateFieldValue(signature, { method: 'scribbled', upload_id: UPLOAD })).toMatch(/sign/i);
    expect(validateFieldValue(signature, 42)).toMatch(/sign/i);
  });

  it('is required like any question: nothing is no signature', () => {
    const required = makeField('signature', { validation: { required: true } });
    expect(validateFieldValue(required, undefined)).toBe('This field is required');
    expect(validateFieldValue(required, '  ')).toBe('This field is required');
    expect(validateFieldValue(required, drawn)).toBeNull();
  });

  it('reads a name posted without JavaScript as a typed signature signed now', () => {
    const now = new Date('2026-11-28T12:34:56.000Z');
    expect(readSignature('  Ada Lovelace ', now)).toEqual({
      method: 'typed',
      typed_name: 'Ada Lovelace',
      signed_at: '2026-11-28T12:34:56.000Z',
    });
    expect(readSignature('x'.repeat(201), now)).toBeNull();
  });

  it('keeps the signing time sent, and stamps one that cannot be read', () => {
    const now = new Date('2026-11-28T12:00:00.000Z');
    expect(readSignature(drawn, now)?.signed_at).toBe('2026-11-28T10:00:00.000Z');
    expect(readSignature({ ...drawn, signed_at: 'yesterday-ish' }, now)?.signed_at).toBe(now.toISOString());
  });

  it('checks the PNG magic bytes', () => {
    expect(isPng(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(true);
    expect(isPng(new TextEncoder().encode('GIF89a......'))).toBe(false);
    expect(isPng(Uint8Array.from([0x89, 0x50]))).toBe(false);
  });

  it('keeps the size limit well under the upload limit', () => {
    expect(SIGNATURE_MAX_BYTES).toBeGreaterThan(64 * 1024);
    expect(SIGNATURE_MAX_BYTES).toBeLessThan(10 * 1024 * 1024);
  });
});

describe('signature text, exports and logic', () => {
  it('reads as signed, drawn or with its typed name', () => {
    expect(formatAnswer(signature, drawn)).toBe('Signed (drawn)');
    expect(signatureText({ method: 'typed', typed_name: 'Ada', signed_at: drawn.signed_at })).toBe(
      'Signed (typed): Ada',
    );
    expect(formatAnswer(signature, undefined)).toBe('');
  });

  it('exports the answer and the time it was signed in two columns', () => {
    const columns = answerColumns(signature);
    expect(columns.map((c) => c.label)).toEqual(['Sign here', 'Sign here [Signed at]']);
    expect(columns.map((c) => columnText(signature, c, drawn))).toEqual([
      'Signed (drawn)',
      '2026-11-28T10:00:00.000Z',
    ]);
  });

  it('shows a question once the signature is signed (is not empty)', () => {
    const after = makeField('text', { id: 'after' });
    const rules = [ownRule('after', 'show', 'all', [{ ref: 'sig', operator: 'is_not_empty' }])];
    expect(shownIds([signature, after], rules, { sig: drawn })).toContain('after');
    expect(shownIds([signature, after], rules, {})).not.toContain('after');
  });

  it('is in the palette and named by the edit interpreter', () => {
    expect(PALETTE_TYPES.find((p) => p.type === 'signature')?.name).toBe('Signature');
    expect(typeNamed('a signature field')).toBe('signature');
    expect(typeNamed('sign here')).toBe('signature');
  });
});
