import type { MultipartFile } from '@fastify/multipart';
import { isAcceptedFile } from '@formsmith/core/fields/accept';
import type { FieldOf } from '@formsmith/core/forms/field';
import { type Chrome, ENGLISH_CHROME } from '@formsmith/core/i18n/chrome';
import { chromeFor } from '@formsmith/core/i18n/chrome-all';
import { pickLanguage } from '@formsmith/core/i18n/language';
import { LIMITS } from '@formsmith/core/limits';
import type { FileAnswer } from '@formsmith/core/submissions/submit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { deleteUpload, FileTooLargeError, saveUpload } from '../../lib/storage.ts';
import { loadPublicFormForSubmit } from '../forms/index.ts';
import { captureHead, sniffFileType } from './sniff-type.ts';
import * as repo from './upload-repository.ts';

function fieldValue(file: MultipartFile, name: string): string | undefined {
  const part = file.fields[name];
  const one = Array.isArray(part) ? part[0] : part;
  return one && one.type === 'field' && typeof one.value === 'string' ? one.value : undefined;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
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
    const field = form.fields.find((f): f is FieldOf<'file'> => f.id === fieldId && f.type === 'file');
    if (!field) throw badRequest('This form has no such file field', { field_id: 'Unknown file field' });
    const language = pickLanguage(form, {
      query: fieldValue(file, 'lang'),
      acceptLanguage: request.headers['accept-language'],
    });
    return await storeFieldFile(app, { formId: form.id, field, file, words: chromeFor(language) });
  } finally {
    // Whatever went wrong, never leave the request body half read.
    if (!file.file.readableEnded) file.file.resume();
  }
}

/**
 * Stores a file sent for a file field (the caller checked the form's access and counted the
 * upload): within the field's size, of a type it accepts by its content, recorded as free
 * until a submission takes it.
 */
export async function storeFieldFile(
  app: FastifyInstance,
  input: {
    formId: number;
    field: FieldOf<'file'>;
    file: Pick<MultipartFile, 'file' | 'filename'>;
    /** The respondent's page words: a refused file is explained in their language. */
    words?: Chrome;
  },
): Promise<FileAnswer> {
  const { field, file } = input;
  const { t } = input.words ?? ENGLISH_CHROME;
  const name = (file.filename || 'file').slice(0, 255);
  const maxBytes = Math.min(field.validation.maxFileSize ?? LIMITS.uploadMaxBytes, LIMITS.uploadMaxBytes);
  let stored: { key: string; size: number };
  const sample = captureHead(file.file);
  try {
    stored = await saveUpload(app.config, sample.stream, { maxBytes });
  } catch (err) {
    if (err instanceof FileTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = t('file.tooLarge', { size: formatBytes(maxBytes) });
      throw new AppError('PAYLOAD_TOO_LARGE', 413, message, { [field.id]: message });
    }
    throw err;
  }
  if (file.file.truncated) {
    await deleteUpload(app.config, stored.key);
    const message = t('file.tooLarge', { size: formatBytes(maxBytes) });
    throw new AppError('PAYLOAD_TOO_LARGE', 413, message, { [field.id]: message });
  }
  // The type is the content's: a claimed type or a file name proves nothing.
  const sniffed = await sniffFileType(sample.head(), name);
  if (!isAcceptedFile(field.validation.accept, sniffed)) {
    await deleteUpload(app.config, stored.key);
    const message = t('file.typeRejected');
    throw new AppError('SUBMISSION_INVALID', 422, message, { [field.id]: message });
  }
  const row = await repo
    .createUpload(app.db, {
      formId: input.formId,
      fieldId: field.id,
      filename: name,
      mimeType: sniffed.type,
      size: stored.size,
      storageKey: stored.key,
    })
    .catch(async (err) => {
      await deleteUpload(app.config, stored.key);
      throw err;
    });
  return { upload_id: row.id, name: row.filename, size: row.size, type: row.mimeType };
}
