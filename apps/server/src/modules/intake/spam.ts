import { LIMITS } from '@formsmith/core/limits';

/** Keys of the submit data that belong to the anti-spam checks, never to the form. */
export const SPAM_KEYS = ['_honeypot', '_formLoadTime', 'website'] as const;

function filled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

function epochMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? undefined : parsed;
  }
  return undefined;
}

/**
 * Anti-spam: a filled decoy (`website`, `_honeypot`) or a submit within 3000 ms of the
 * page load. The elapsed time is measured on the respondent's own clock when the metadata
 * carries its timestamp, so a skewed clock never drops an honest answer.
 */
export function isSpam(input: {
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  fieldIds: ReadonlySet<string>;
  now: number;
}): boolean {
  const { data } = input;
  if (filled(data._honeypot)) return true;
  if (!input.fieldIds.has('website') && filled(data.website)) return true;
  const loadedAt = epochMs(data._formLoadTime);
  if (loadedAt === undefined) return false;
  const submittedAt = epochMs(input.metadata.timestamp) ?? input.now;
  return submittedAt - loadedAt < LIMITS.minSubmitDelayMs;
}
