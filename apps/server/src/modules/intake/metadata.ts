type FieldInteraction = { focuses: number; timeSpent: number };

export type SubmissionMetadata = {
  userAgent: string | null;
  referrer: string | null;
  timestamp: string;
  analytics: {
    totalTimeSpent: number | null;
    fieldInteractions: Record<string, FieldInteraction>;
    completed: boolean;
  };
  /** A quiz's result, scored by the server (never sent by the browser). */
  quiz?: { score: number; max: number; passed: boolean | null };
  /** The pages the respondent went through and the ending logic chose, as the server ran them. */
  path?: { pages: string[]; ending: string | null };
};

const MAX_TEXT = 1000;
// A day: anything longer is a tab left open, not time spent on the form.
const MAX_SECONDS = 86_400;

function text(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  return value.slice(0, MAX_TEXT);
}

function seconds(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return null;
  return Math.min(Math.round(n * 1000) / 1000, MAX_SECONDS);
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The metadata stored with a submission: browser agent, referrer, analytics and
 * timestamp. Only known keys and sane values are kept; interactions only for the form's fields.
 */
export function buildMetadata(input: {
  raw: Record<string, unknown>;
  userAgent: string | undefined;
  referer: string | undefined;
  fieldIds: ReadonlySet<string>;
  createdAt: Date;
}): SubmissionMetadata {
  const raw = input.raw;
  const analytics = record(raw.analytics);
  const interactions: Record<string, FieldInteraction> = {};
  const rawInteractions = record(analytics.fieldInteractions ?? analytics.field_interactions);
  for (const [fieldId, value] of Object.entries(rawInteractions)) {
    if (!input.fieldIds.has(fieldId)) continue;
    const item = record(value);
    const focuses = Number(item.focuses);
    interactions[fieldId] = {
      focuses: Number.isFinite(focuses) && focuses > 0 ? Math.min(Math.floor(focuses), 10_000) : 0,
      timeSpent: seconds(item.timeSpent ?? item.time_spent) ?? 0,
    };
  }
  const completed = analytics.completed;
  return {
    userAgent: text(input.userAgent) ?? text(raw.userAgent ?? raw.user_agent),
    referrer: text(raw.referrer) ?? text(input.referer),
    timestamp: input.createdAt.toISOString(),
    analytics: {
      totalTimeSpent: seconds(analytics.totalTimeSpent ?? analytics.total_time_spent),
      fieldInteractions: interactions,
      completed: typeof completed === 'boolean' ? completed : true,
    },
  };
}
