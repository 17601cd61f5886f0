import { randomUUID } from 'node:crypto';
import { fromBase64Url } from '@formsmith/core/crypto/encoding';
import { fileAd, fromBinary, openAnswers, openBytes } from '@formsmith/core/crypto/hybrid';
import { changePassphrase, unlockFormKey } from '@formsmith/core/crypto/key-wrap';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema.ts';
import {
  makeFormKey,
  PASSPHRASE,
  putEncryption,
  submitSealed,
  uploadSealedFile,
} from './encryption-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { countSubmissions, createPublishedForm, findUpload, validData } from './intake-fixtures.ts';

describe(`end-to-end encrypted forms (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;
  // One key for most tests: making one runs PBKDF2 at 600,000 iterations.
  let made: Awaited<ReturnType<typeof makeFormKey>>;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    stranger = await createTestUser(app);
    made = await makeFormKey();
  });
  afterAll(() => app.close());

  const enhancedForm = async (overrides = {}) => {
    const formId = await createPublishedForm(app, owner, overrides);
    expect(
      (await putEncryption(app, { formId, user: owner, level: 'enhanced', key: made.formKey })).statusCode,
    ).toBe(200);
    return formId;
  };
  const publicView = async (formId: number) =>
    (await app.inject({ method: 'GET', url: `/api/forms/${formId}` })).json();

  it('keeps the public key and the wrapped private key for the owner alone; a stranger gets 404', async () => {
    const formId = await createPublishedForm(app, owner);
    const before = await app.inject({
      method: 'GET',
      url: `/api/forms/${formId}/encryption`,
      headers: owner.auth,
    });
    expect(before.json()).toEqual({
      level: 'standard',
      key: null,
      public_key: null,
      encrypted_submissions: 0,
    });

    const noKey = await putEncryption(app, { formId, user: owner, level: 'enhanced' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { key: expect.any(String) } });

    const set = await putEncryption(app, { formId, user: owner, level: 'enhanced', key: made.formKey });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      level: 'enhanced',
      key: made.formKey,
      public_key: made.formKey.public_key,
      encrypted_submissions: 0,
    });
    expect(JSON.stringify(set.json())).not.toContain(PASSPHRASE);

    for (const res of [
      await app.inject({ method: 'GET', url: `/api/forms/${formId}/encryption`, headers: stranger.auth }),
      await putEncryption(app, { formId, user: stranger, level: 'standard' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const weak = { ...made.formKey, passphrase: { ...made.formKey.passphrase, iterations: 1000 } };
    const refused = await putEncryption(app, { formId, user: owner, level: 'enhanced', key: weak });
    expect(refused.statusCode).toBe(400);

    const view = await publicView(formId);
    expect(view.encryption).toEqual({ public_key: made.formKey.public_key });
    expect(view.save_partials).toBe(false);
  });

  it('finding 12: an API key never gets the wrapped private key; the owner’s session does', async () => {
    const formId = await enhancedForm();
    const created = await app.inject({
      method: 'POST',
      url: '/api/account/api-keys',
      headers: owner.auth,
      payload: { name: 'reader', scopes: ['forms:read', 'forms:write'] },
    });
    const key = { authorization: `Bearer ${created.json().key}` };
    const wrapped = made.formKey.passphrase.wrapped;
    const read = await app.inject({ method: 'GET', url: `/api/forms/${formId}/encryption`, headers: key });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      level: 'enhanced',
      key: null,
      public_key: made.formKey.public_key,
      encrypted_submissions: 0,
    });
    const put = await app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}/encryption`,
      headers: key,
      payload: { level: 'enhanced' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.body).not.toContain(wrapped);
    // Nor through the form itself.
    const form = await app.inject({ method: 'GET', url: `/api/forms/${formId}`, headers: key });
    expect(form.body).not.toContain(wrapped);
    const own = await app.inject({
      method: 'GET',
      url: `/api/forms/${formId}/encryption`,
      headers: owner.auth,
    });
    expect(own.json().key).toEqual(made.formKey);
    expect(own.json().public_key).toBe(made.formKey.public_key);
  });

  it('starts new forms at the account default level', async () => {
    const user = await createTestUser(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/security/settings',
      headers: user.auth,
      payload: { encryption_level: 'enhanced' },
    });
    expect(put.statusCode).toBe(200);
    const created = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: user.auth,
      payload: { title: 'Secret' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const got = await app.inject({ method: 'GET', url: `/api/forms/${id}/encryption`, headers: user.auth });
    expect(got.json()).toMatchObject({ level: 'enhanced', key: null });
  });

  it('stores sealed answers as they came; the owner opens them with the passphrase', async () => {
    const formId = await enhancedForm();
    const marker = `MARKER-${randomUUID()}`;
    const { res, submissionId } = await submitSealed(app, {
      formId,
      key: made.formKey,
      answers: { name: marker },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().submission_id).toBe(submissionId);

    const [row] = await app.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(row!.data).toEqual({});
    expect(JSON.stringify(row)).not.toContain(marker);

    const list = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/submissions`,
      headers: owner.auth,
    });
    const item = list.json().items[0];
    expect(item.data).toEqual({});
    const key = await unlockFormKey(made.formKey, { passphrase: PASSPHRASE });
    expect(await openAnswers({ ...key, formId, submissionId, envelope: item.envelope })).toEqual({
      name: marker,
    });
    const settings = await app.inject({
      method: 'GET',
      url: `/api/forms/${formId}/encryption`,
      headers: owner.auth,
    });
    expect(settings.json().encrypted_submissions).toBe(1);
  });

  it('refuses an Excel export of sealed answers with a clear 409; the CSV still downloads', async () => {
    const formId = await enhancedForm();
    const { submissionId } = await submitSealed(app, { formId, key: made.formKey, answers: { name: 'x' } });
    const base = `/api/form-submissions/forms/${formId}`;
    for (const url of [`${base}/export`, `${base}/submissions/${submissionId}/export`]) {
      const xlsx = await app.inject({ method: 'GET', url: `${url}?format=xlsx`, headers: owner.auth });
      expect(xlsx.statusCode).toBe(409);
      expect(xlsx.json().error).toMatch(/end-to-end encrypted.*decrypted CSV or JSON/);
      const csv = await app.inject({ method: 'GET', url: `${url}?format=csv`, headers: owner.auth });
      expect(csv.statusCode).toBe(200);
      const other = await app.inject({ method: 'GET', url: `${url}?format=xlsx`, headers: stranger.auth });
      expect(other.statusCode).toBe(404);
    }
  });

  it('records the language a sealed submission was filled in, beside its sealed answers', async () => {
    const formId = await enhancedForm({ translations: { fr: { title: 'Formulaire chiffré' } } });
    const { res, submissionId } = await submitSealed(app, {
      formId,
      key: made.formKey,
      answers: { name: 'Zoé' },
      lang: 'fr',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await app.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(row!.language).toBe('fr');
    expect(row!.data).toEqual({});
  });

  it('refuses answers in clear (a page without JavaScript) and a stale key, with clear messages', async () => {
    const formId = await enhancedForm();
    const clear = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: validData() },
    });
    expect(clear.statusCode).toBe(400);
    expect(clear.json()).toMatchObject({
      code: 'ENCRYPTION_REQUIRED',
      error: expect.stringContaining('JavaScript'),
    });

    const mixed = await submitSealed(app, {
      formId,
      key: made.formKey,
      answers: {},
      data: { name: 'in clear' },
    });
    expect(mixed.res.statusCode).toBe(400);
    expect(mixed.res.json().code).toBe('ENCRYPTION_REQUIRED');

    const other = await makeFormKey();
    const stale = await submitSealed(app, { formId, key: other.formKey, answers: { name: 'x' } });
    expect(stale.res.statusCode).toBe(409);
    expect(stale.res.json().error).toMatch(/Reload/);

    const standard = await createPublishedForm(app, owner);
    const wrongForm = await submitSealed(app, {
      formId: standard,
      key: made.formKey,
      answers: { name: 'x' },
    });
    expect(wrongForm.res.statusCode).toBe(409);
    expect(await countSubmissions(app, formId)).toBe(0);
    expect(await countSubmissions(app, standard)).toBe(0);

    const progress = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/progress`,
      payload: { data: { name: 'in clear' }, step: 'p1' },
    });
    expect(progress.statusCode).toBe(409);
    expect(progress.json().code).toBe('PARTIALS_OFF');
  });

  it('takes nothing before the owner has set the key', async () => {
    const formId = await createPublishedForm(app, owner, { encryptionLevel: 'enhanced' });
    expect((await publicView(formId)).encryption).toEqual({ public_key: null });
    const sent = await submitSealed(app, { formId, key: made.formKey, answers: { name: 'x' } });
    expect(sent.res.statusCode).toBe(409);
    expect(sent.res.json().code).toBe('ENCRYPTION_REQUIRED');
  });

  it('answers a retry with the same id once; the same id with other answers is refused', async () => {
    const formId = await enhancedForm();
    const first = await submitSealed(app, { formId, key: made.formKey, answers: { name: 'one' } });
    const again = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: first.payload,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().submission_id).toBe(first.submissionId);
    const other = await submitSealed(app, {
      formId,
      key: made.formKey,
      answers: { name: 'two' },
      submissionId: first.submissionId,
    });
    expect(other.res.statusCode).toBe(422);
    expect(await countSubmissions(app, formId)).toBe(1);
  });

  it('still enforces what the server can see: access code, expiry, response limit, anti-spam', async () => {
    const limited = await enhancedForm({ responseLimit: 1 });
    expect(
      (await submitSealed(app, { formId: limited, key: made.formKey, answers: {} })).res.statusCode,
    ).toBe(201);
    const second = await submitSealed(app, { formId: limited, key: made.formKey, answers: {} });
    expect(second.res.statusCode).toBe(410);

    const expired = await enhancedForm({ expirationDate: new Date(Date.now() - 60_000) });
    expect(
      (await submitSealed(app, { formId: expired, key: made.formKey, answers: {} })).res.statusCode,
    ).toBe(410);

    const spam = await enhancedForm();
    const trapped = await submitSealed(app, {
      formId: spam,
      key: made.formKey,
      answers: {},
      data: { _honeypot: 'x' },
    });
    expect(trapped.res.statusCode).toBe(201);
    expect(await countSubmissions(app, spam)).toBe(0);
  });

  it('takes sealed files only, keeps neither their name nor type, and the owner opens them', async () => {
    const formId = await enhancedForm();
    const submissionId = randomUUID();
    const content = Buffer.from('FILE-MARKER secret contents');
    const { res, fileId } = await uploadSealedFile(app, {
      formId,
      key: made.formKey,
      submissionId,
      fieldId: 'cv',
      content,
    });
    expect(res.statusCode).toBe(201);
    const upload = res.json();
    expect(upload).toMatchObject({ name: 'encrypted-file', type: 'application/octet-stream' });

    const sent = await submitSealed(app, {
      formId,
      key: made.formKey,
      submissionId,
      answers: { cv: { upload_id: upload.upload_id, file_id: fileId, name: 'notes.txt' } },
      uploadIds: [upload.upload_id],
    });
    expect(sent.res.statusCode).toBe(201);
    expect((await findUpload(app, upload.upload_id))!.submissionId).toBe(submissionId);

    const file = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/submissions/${submissionId}/files/${upload.upload_id}`,
      headers: owner.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.includes(Buffer.from('FILE-MARKER'))).toBe(false);
    const key = await unlockFormKey(made.formKey, { passphrase: PASSPHRASE });
    const opened = await openBytes({
      ...key,
      sealed: fromBinary(new Uint8Array(file.rawPayload)),
      ad: fileAd({ formId, submissionId, fileId }),
    });
    expect(Buffer.from(opened).toString()).toBe('FILE-MARKER secret contents');

    const plain = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/uploads?field_id=cv`,
      ...(await import('./intake-fixtures.ts')).multipart([
        { name: 'field_id', value: 'cv' },
        { name: 'file', filename: 'notes.txt', type: 'text/plain', content: Buffer.from('in clear') },
      ]),
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe('ENCRYPTION_REQUIRED');
    const missing = await submitSealed(app, {
      formId,
      key: made.formKey,
      answers: {},
      uploadIds: [randomUUID()],
    });
    expect(missing.res.statusCode).toBe(422);
  });

  it('fixes the key once answers are encrypted to it; a new passphrase re-wraps it, nothing re-encrypted', async () => {
    const formId = await enhancedForm();
    const other = await makeFormKey();
    // No answers yet: the key may still be replaced.
    expect(
      (await putEncryption(app, { formId, user: owner, level: 'enhanced', key: other.formKey })).statusCode,
    ).toBe(200);
    expect(
      (await putEncryption(app, { formId, user: owner, level: 'enhanced', key: made.formKey })).statusCode,
    ).toBe(200);
    const { submissionId, envelope } = await submitSealed(app, {
      formId,
      key: made.formKey,
      answers: { name: 'kept' },
    });

    const replaced = await putEncryption(app, { formId, user: owner, level: 'enhanced', key: other.formKey });
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().code).toBe('KEY_FIXED');

    const rewrapped = await changePassphrase({
      formKey: made.formKey,
      secret: { recoveryKey: made.recoveryKey },
      newPassphrase: 'the next passphrase',
    });
    const put = await putEncryption(app, { formId, user: owner, level: 'enhanced', key: rewrapped });
    expect(put.statusCode).toBe(200);
    const stored = (
      await app.inject({ method: 'GET', url: `/api/forms/${formId}/encryption`, headers: owner.auth })
    ).json();
    const key = await unlockFormKey(stored.key, { passphrase: 'the next passphrase' });
    expect(await openAnswers({ ...key, formId, submissionId, envelope })).toEqual({ name: 'kept' });

    // Off applies to new submissions: they are stored in clear, the earlier one stays sealed and the key stays.
    const off = await putEncryption(app, { formId, user: owner, level: 'standard' });
    expect(off.json()).toMatchObject({ level: 'standard', key: rewrapped, encrypted_submissions: 1 });
    expect((await publicView(formId)).encryption).toBeUndefined();
    const plain = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: validData() },
    });
    expect(plain.statusCode).toBe(201);
    const [old] = await app.db.select().from(submissions).where(eq(submissions.id, submissionId));
    expect(old!.envelope).toEqual(envelope);
    expect(fromBase64Url(stored.key.public_key)).toHaveLength(65);
  });
});
