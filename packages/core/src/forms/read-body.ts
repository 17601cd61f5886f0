import { isRecord } from '../fields/read.ts';
import type { FormField } from './field.ts';
import { normalizeField } from './read-field.ts';

/**
 * A body's camelCase keys under their snake_case names (`logoUrl` is read as `logo_url`); when a
 * client sends both, the snake_case key wins. Only the top level: nested shapes have their own readers.
 */
export function snakeCaseKeys(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const snake = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    if (value === undefined || (snake !== key && raw[snake] !== undefined)) continue;
    out[snake] = value;
  }
  return out;
}

/** A new stable id for a field sent without one, or with the id of another field of the form. */
export function newFieldId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(6));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `f_${base64.replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')}`;
}

function hasId(raw: Record<string, unknown>): boolean {
  const id = raw.id;
  return (typeof id === 'string' && id.trim() !== '') || typeof id === 'number';
}

/** The fields of a save, in the order sent: canonical, with unique ids and positions 0..n-1. */
export function readFieldList(raw: Record<string, unknown>[]): FormField[] {
  const used = new Set<string>();
  return raw.map((item, index) => {
    const field = normalizeField(hasId(item) ? item : { ...item, id: newFieldId() }, index);
    const id = used.has(field.id) ? newFieldId() : field.id;
    used.add(id);
    return { ...field, id, position: index };
  });
}
