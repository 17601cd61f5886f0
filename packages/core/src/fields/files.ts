// Several files in one file field. A file field takes one file unless the owner sets `maxFiles`
// above 1; its answer is then a list of file answers, each stored like a single upload:
//   [{ upload_id, name, size, type }, …]
// A field that takes one file answers one file answer, as it always has, so answers stored
// before fields could take several read exactly as they did.
import type { FieldOf, FormField } from '../forms/field.ts';
import { LIMITS } from '../limits.ts';
import { fileMaxBytes, isAcceptedFile } from './accept.ts';
import { isRecord } from './read.ts';

/** The messages the files check speaks (a subset of the validation messages). */
export type FilesMessages = {
  filesMax: (n: number) => string;
  filesTotal: (size: string) => string;
  fileTooLarge: (name: string, size: string) => string;
  fileType: (name: string) => string;
};

/** How many files a field takes: one unless the owner allows more, never past the product's limit. */
export function maxFilesOf(field: FormField): number {
  if (field.type !== 'file') return 1;
  const own = field.validation.maxFiles;
  if (own === undefined || !Number.isFinite(own) || own < 1) return 1;
  return Math.min(Math.floor(own), LIMITS.uploadMaxFiles);
}

/** Whether a field's answer is a list of files rather than one. */
export function takesManyFiles(field: FormField): boolean {
  return maxFilesOf(field) > 1;
}

/** A file answer as a list: one file, a list of them, or none ([]). */
export function fileList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** Bytes as a reader wants them: '2.5 MB', '300 KB'. */
export function fileSizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * A file field's answer against its rules: how many files, each one's size and type (as the
 * browser reports them, or as the server stored them), and their total size. An item that is
 * an upload id alone (before the server has looked it up) is counted only.
 */
export function checkFiles(field: FieldOf<'file'>, value: unknown, m: FilesMessages): string | null {
  const list = fileList(value);
  const max = maxFilesOf(field);
  if (list.length > max) return m.filesMax(max);
  const perFile = fileMaxBytes(field);
  let total = 0;
  for (const item of list) {
    if (!isRecord(item)) continue;
    const name = typeof item.name === 'string' ? item.name : '';
    const size = typeof item.size === 'number' ? item.size : 0;
    if (size > perFile) return m.fileTooLarge(name, fileSizeText(perFile));
    if (typeof item.type === 'string' && !isAcceptedFile(field.validation.accept, { name, type: item.type }))
      return m.fileType(name);
    total += size;
  }
  const { maxTotalSize } = field.validation;
  if (max > 1 && maxTotalSize !== undefined && total > maxTotalSize)
    return m.filesTotal(fileSizeText(maxTotalSize));
  return null;
}
