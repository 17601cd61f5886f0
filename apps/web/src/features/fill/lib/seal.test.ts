import { toBase64Url } from '@formsmith/core/crypto/encoding';
import { exportPublicKey, generateKeyPair, openAnswers } from '@formsmith/core/crypto/hybrid';
import { type FormField, fieldSchema } from '@formsmith/core/forms/field';
import { describe, expect, it } from 'vitest';
import { sealedSubmitBody } from './seal.ts';

const field = (raw: Record<string, unknown>): FormField =>
  fieldSchema.parse({ label: '', validation: { required: false }, position: 0, ...raw });

const a = { upload_id: 'ua', file_id: 'fa', name: 'a.txt', size: 1, type: 'text/plain' };
const b = { upload_id: 'ub', file_id: 'fb', name: 'b.txt', size: 2, type: 'text/plain' };
const c = { upload_id: 'uc', file_id: 'fc', name: 'c.txt', size: 3, type: 'text/plain' };

describe('sealedSubmitBody', () => {
  it('names every upload of a field that takes several files, beside a single file, and seals them all', async () => {
    const keys = await generateKeyPair();
    const publicKey = await exportPublicKey(keys.publicKey);
    const target = { formId: 7, publicKey: toBase64Url(publicKey), submissionId: 'sub-1' };
    const fields = [
      field({ id: 'docs', type: 'file', validation: { required: false, maxFiles: 3 } }),
      field({ id: 'cv', type: 'file' }),
    ];
    const answers = { docs: [a, b], cv: c };
    const body = await sealedSubmitBody(target, { answers, spam: {}, fields });
    expect(body.encrypted.upload_ids).toEqual(['ua', 'ub', 'uc']);
    const opened = await openAnswers({
      privateKey: keys.privateKey,
      publicKey,
      formId: 7,
      submissionId: 'sub-1',
      envelope: body.encrypted.envelope,
    });
    expect(opened).toEqual(answers);
  });
});
