// Signature answers. A signature is drawn on a canvas or typed (the keyboard and screen-reader
// path) and, with JavaScript, turned into a PNG in the browser and uploaded through the same
// endpoint and storage as a file field's file. The answer is that upload's file answer plus how
// and when it was signed, and the typed name for a typed one:
//   { upload_id, name, size, type, method: 'drawn' | 'typed', signed_at, typed_name? }
// Without JavaScript the page offers a text input for the name. The server does not draw the PNG
// itself (it would need a native canvas or font rasteriser), so such an answer is the typed name
// alone, { method: 'typed', typed_name, signed_at }, shown in the script font wherever it is read.
import type { FieldOf } from '../forms/field.ts';
import { isEmptyAnswer } from './answers.ts';
import { isRecord } from './read.ts';

export type SignatureField = FieldOf<'signature'>;

export const SIGNATURE_METHODS = ['drawn', 'typed'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

export type SignatureAnswer = {
  upload_id?: string;
  name?: string;
  size?: number;
  type?: string;
  method: SignatureMethod;
  /** When it was signed, as ISO 8601 text. */
  signed_at: string;
  /** The name a typed signature spells. */
  typed_name?: string;
};

/** The most characters of a typed name. */
export const SIGNATURE_NAME_MAX_LENGTH = 200;

/** The name of the PNG file the browser uploads for a signature. */
export const SIGNATURE_FILE_NAME = 'signature.png';

/**
 * The cursive fonts a typed signature is drawn in, on the canvas and wherever it is shown: the
 * system's own, nothing downloaded, ending in the generic `cursive`.
 */
export const SIGNATURE_FONT_STACK =
  '"Segoe Script", "Brush Script MT", "Snell Roundhand", "Apple Chancery", "URW Chancery L", "Z003", cursive';

/** The eight bytes every PNG file starts with. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** Whether the bytes start as a PNG file does (its magic number). */
export function isPng(head: Uint8Array): boolean {
  return head.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => head[i] === byte);
}

function readTime(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/**
 * A signature answer read from what was sent, or null when it is none: an object as the page
 * sends it, or (from a page posted without JavaScript) the typed name as text. A missing or
 * unreadable signing time becomes `now`.
 */
export function readSignature(value: unknown, now: Date = new Date()): SignatureAnswer | null {
  if (typeof value === 'string') {
    const name = value.trim();
    if (name === '' || name.length > SIGNATURE_NAME_MAX_LENGTH) return null;
    return { method: 'typed', typed_name: name, signed_at: now.toISOString() };
  }
  if (!isRecord(value)) return null;
  const method = value.method;
  if (method !== 'drawn' && method !== 'typed') return null;
  const answer: SignatureAnswer = { method, signed_at: readTime(value.signed_at) ?? now.toISOString() };
  if (typeof value.upload_id === 'string' && value.upload_id !== '') {
    answer.upload_id = value.upload_id;
    if (typeof value.name === 'string') answer.name = value.name;
    if (typeof value.size === 'number') answer.size = value.size;
    if (typeof value.type === 'string') answer.type = value.type;
  }
  if (method === 'typed') {
    const name = typeof value.typed_name === 'string' ? value.typed_name.trim() : '';
    if (name === '' || name.length > SIGNATURE_NAME_MAX_LENGTH) return null;
    answer.typed_name = name;
  }
  // A drawing is only ever a PNG: drawn with no file is no signature.
  if (method === 'drawn' && answer.upload_id === undefined) return null;
  return answer;
}

/** Why a (non-empty) signature answer is refused, or null. */
export function checkSignature(value: unknown, m: { signature: string }): string | null {
  return readSignature(value) ? null : m.signature;
}

/** One line for tables, mails and exports: 'Signed (drawn)', or the typed name. */
export function signatureText(value: unknown): string {
  const answer = readSignature(value);
  if (!answer) return '';
  return answer.method === 'typed' ? `Signed (typed): ${answer.typed_name}` : 'Signed (drawn)';
}

/** When it was signed (ISO 8601), or ''. */
export function signedAtText(value: unknown): string {
  return isRecord(value) ? (readTime(value.signed_at) ?? '') : '';
}

/** What analytics count for a signature question in one submission: signed or not. */
export function signatureAnswers(value: unknown): ['Signed' | 'Not signed'] {
  return [isEmptyAnswer(value) ? 'Not signed' : 'Signed'];
}
