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

/** Why a submission looks automated: a filled decoy, or sent too soon after the page loaded. */
export type SpamVerdict = 'decoy' | 'too-soon' | null;

/**
 * Anti-spam: a filled decoy (`website`, `_honeypot`) or a submit within 3000 ms of the
 * page load. The elapsed time is measured on the respondent's own clock when the metadata
 * carries its timestamp, so a skewed clock never drops an honest answer.
 */
export function spamVerdict(input: {
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  fieldIds: ReadonlySet<string>;
  now: number;
}): SpamVerdict {
  const { data } = input;
  if (filled(data._honeypot)) return 'decoy';
  if (!input.fieldIds.has('website') && filled(data.website)) return 'decoy';
  const loadedAt = epochMs(data._formLoadTime);
  if (loadedAt === undefined) return null;
  const submittedAt = epochMs(input.metadata.timestamp) ?? input.now;
  return submittedAt - loadedAt < LIMITS.minSubmitDelayMs ? 'too-soon' : null;
}
