/** Small readers for untrusted input: each answers undefined instead of throwing. */

export type UnknownRecord = Record<string, unknown>;

/** True for plain objects (not arrays, not null). */
export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The trimmed text under `key` of an object ('' when absent or not text): one part of a composite answer. */
export function partText(value: unknown, key: string): string {
  if (!isRecord(value)) return '';
  const text = value[key];
  return typeof text === 'string' ? text.trim() : '';
}

/** Whether a value is a non-empty object of texts, each under a name `isPart` accepts. */
export function isTextParts(value: unknown, isPart: (key: string) => boolean): boolean {
  return (
    isRecord(value) &&
    Object.keys(value).length > 0 &&
    Object.entries(value).every(([part, text]) => isPart(part) && typeof text === 'string')
  );
}

/** Reads a property without running getters that could throw on exotic objects. */
export function readKey(record: UnknownRecord, key: string): unknown {
  try {
    return Object.hasOwn(record, key) ? record[key] : undefined;
  } catch {
    return undefined;
  }
}

/** The first present (not undefined) value among the keys. */
export function pick(record: UnknownRecord, ...keys: string[]): unknown {
  for (const key of keys) {
    const value = readKey(record, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** A string, or a finite number/boolean turned into one. */
export function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/** A string with visible content, trimmed. */
export function asNonEmptyString(value: unknown): string | undefined {
  const text = asString(value)?.trim();
  return text ? text : undefined;
}

/** A finite number, also from a numeric string. */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** A boolean, also from 'true'/'false', 1/0. */
export function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1 || value === '1') return true;
  if (value === 'false' || value === 0 || value === '0') return false;
  return undefined;
}
