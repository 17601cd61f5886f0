import type { MultipartFile } from '@fastify/multipart';
import { BINARY_OVERHEAD, SEALED_FILE_VERSION } from '@formsmith/core/crypto/hybrid';
import { fileMaxBytes, isAcceptedFile } from '@formsmith/core/fields/accept';
import { fileSizeText } from '@formsmith/core/fields/files';
import { isPng } from '@formsmith/core/fields/signature';
import type { FieldOf } from '@formsmith/core/forms/field';
import { type Chrome, ENGLISH_CHROME } from '@formsmith/core/i18n/chrome';
import { chromeFor } from '@formsmith/core/i18n/chrome-all';
import { pickLanguage } from '@formsmith/core/i18n/language';
import type { FileAnswer } from '@formsmith/core/submissions/submit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { deleteUpload, FileTooLargeError, saveUpload } from '../../lib/storage/index.ts';
import { loadPublicFormForSubmit } from '../forms/index.ts';
import { captureHead, sniffFileType } from './sniff-type.ts';
import { NOT_READY } from './submit-encrypted.ts';
import * as repo from './upload-repository.ts';

function fieldValue(file: MultipartFile, name: string): string | undefined {
  const part = file.fields[name];
  const one = Array.isArray(part) ? part[0] : part;
  return one && one.type === 'field' && typeof one.value === 'string' ? one.value : undefined;
}

const ENCRYPTED_NAME = 'encrypted-file';
const ENCRYPTED_TYPE = 'application/octet-stream';
const NOT_SEALED = 'This form takes files encrypted in the browser only. Turn on JavaScript and try again.';

/** A field whose answer is a stored file: a file upload, or a signature's PNG. */
type FileTakingField = FieldOf<'file' | 'signature'>;

/** A signature is a PNG, known by its first bytes (a claimed type proves nothing). */
async function requirePng(
  app: FastifyInstance,
  input: { head: Buffer; storageKey: string; field: FileTakingField; words: Chrome },
): Promise<string> {
  if (!isPng(input.head)) {
    await deleteUpload(app.config, input.storageKey);
    const message = input.words.t('signature.notPng');
    throw new AppError('SUBMISSION_INVALID', 422, message, { [input.field.id]: message });
  }
  return 'image/png';
}

/** The type is the content's: a claimed type or a file name proves nothing. */
async function requireAcceptedType(
  app: FastifyInstance,
  input: { head: Buffer; name: string; storageKey: string; field: FieldOf<'file'>; words: Chrome },
): Promise<string> {
  const sniffed = await sniffFileType(input.head, input.name);
  if (!isAcceptedFile(input.field.validation.accept, sniffed)) {
    await deleteUpload(app.config, input.storageKey);
    const message = input.words.t('file.typeRejected');
    throw new AppError('SUBMISSION_INVALID', 422, message, { [input.field.id]: message });
  }
  return sniffed.type;
}

/**
 * An end-to-end encrypted form's file cannot be sniffed (the browser checked its type): it must
 * at least be an envelope, so a page that did not encrypt cannot leave a file in clear.
 */
async function requireSealedFile(
  app: FastifyInstance,
  input: { head: Buffer; storageKey: string; fieldId: string },
): Promise<string> {
  if (input.head.length < BINARY_OVERHEAD || input.head[0] !== SEALED_FILE_VERSION) {
    await deleteUpload(app.config, input.storageKey);
    throw new AppError('ENCRYPTION_REQUIRED', 400, NOT_SEALED, { [input.fieldId]: NOT_SEALED });
  }
  return ENCRYPTED_TYPE;
}

/**
 * Stores one respondent file for a file field of a published, accessible form. The
 * multipart body sends field_id (and access_code for password forms, and lang, the page's
 * language, for the refusals' wording) before the file itself.
 */
export async function uploadFile(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { formId: number; query: { access_code?: string; field_id?: string } },
): Promise<FileAnswer> {
  await app.rateLimit('upload', request.ip);
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data');
  const file = await request.file();
  if (!file) throw badRequest('No file was sent');
  try {
    const form = await loadPublicFormForSubmit(app, {
      formId: input.formId,
      accessCode: fieldValue(file, 'access_code') ?? input.query.access_code,
      ip: request.ip,
    });
    const fieldId = fieldValue(file, 'field_id') ?? input.query.field_id;
    const field = form.fields.find(
      (f): f is FileTakingField => f.id === fieldId && (f.type === 'file' || f.type === 'signature'),
    );
    if (!field) throw badRequest('This form has no such file field', { field_id: 'Unknown file field' });
    const sealed = form.encryptionLevel === 'enhanced';
    if (sealed && !form.encryptionKey) throw new AppError('ENCRYPTION_REQUIRED', 409, NOT_READY);
    const language = pickLanguage(form, {
      query: fieldValue(file, 'lang'),
      acceptLanguage: request.headers['accept-language'],
    });
    return await storeFieldFile(app, { formId: form.id, field, file, words: chromeFor(language), sealed });
  } finally {
    // Whatever went wrong, never leave the request body half read.
    if (!file.file.readableEnded) file.file.resume();
  }
}

/**
 * Stores a file sent for a file field or a signature's PNG (the caller checked the form's access
 * and counted the upload): within the field's size, of a type it accepts by its content, recorded
 * as free until a submission takes it.
 */
export async function storeFieldFile(
  app: FastifyInstance,
  input: {
    formId: number;
    field: FileTakingField;
    file: Pick<MultipartFile, 'file' | 'filename'>;
    /** The respondent's page words: a refused file is explained in their language. */
    words?: Chrome;
    /** An end-to-end encrypted form's file: an envelope, its name and type inside the sealed answers. */
    sealed?: boolean;
  },
): Promise<FileAnswer> {
  const { field, file } = input;
  const { t } = input.words ?? ENGLISH_CHROME;
  const { sealed = false } = input;
  // An encrypted file's name and type are inside its answers' envelope; the server keeps neither.
  const name = sealed ? ENCRYPTED_NAME : (file.filename || 'file').slice(0, 255);
  const maxBytes = fileMaxBytes(field) + (sealed ? BINARY_OVERHEAD : 0);
  let stored: { key: string; size: number };
  const sample = captureHead(file.file);
  try {
    stored = await saveUpload(app, sample.stream, { maxBytes });
  } catch (err) {
    if (err instanceof FileTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = t('file.tooLarge', { size: fileSizeText(maxBytes) });
      throw new AppError('PAYLOAD_TOO_LARGE', 413, message, { [field.id]: message });
    }
    throw err;
  }
  if (file.file.truncated) {
    await deleteUpload(app.config, stored.key);
    const message = t('file.tooLarge', { size: fileSizeText(maxBytes) });
    throw new AppError('PAYLOAD_TOO_LARGE', 413, message, { [field.id]: message });
  }
  const words = input.words ?? ENGLISH_CHROME;
  const head = sample.head();
  // An encrypted signature's bytes are sealed: the browser checked it drew a PNG.
  const type = sealed
    ? await requireSealedFile(app, { head, storageKey: stored.key, fieldId: field.id })
    : field.type === 'signature'
      ? await requirePng(app, { head, storageKey: stored.key, field, words })
      : await requireAcceptedType(app, { head, name, storageKey: stored.key, field, words });
  const row = await repo
    .createUpload(app.db, {
      formId: input.formId,
      fieldId: field.id,
      filename: name,
      mimeType: type,
      size: stored.size,
      storageKey: stored.key,
    })
    .catch(async (err) => {
      await deleteUpload(app.config, stored.key);
      throw err;
    });
  return { upload_id: row.id, name: row.filename, size: row.size, type: row.mimeType };
}
