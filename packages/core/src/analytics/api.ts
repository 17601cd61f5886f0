import { z } from 'zod';

// Request and response shapes of the /api/analytics routes.

/** The form named in the path; the server reads the id itself so a bad one answers like a missing form. */
export const analyticsParamsSchema = z.object({ id: z.string().max(20) });

/** GET /api/analytics/forms/:id query: the first day of the period ('YYYY-MM-DD'). */
export const analyticsQuerySchema = z.object({ start_date: z.string().max(20).optional() });

/** One field's figures over the period. */
export const fieldAnalyticsSchema = z.object({
  field_id: z.string(),
  label: z.string(),
  field_type: z.string(),
  response_count: z.number().int(),
  skip_count: z.number().int(),
  /** Seconds, or null when no client reported time for this field. */
  avg_time_spent: z.number().nullable(),
  /** Answer (option label, Yes/No, number) to how many times it was given. */
  answer_distribution: z.record(z.string(), z.number().int()),
  /** A star rating: the average number of stars, null before any answer. */
  average: z.number().nullable().optional(),
  /** A matrix: each row with how many picked each column (by label). */
  rows: z
    .array(z.object({ label: z.string(), distribution: z.record(z.string(), z.number().int()) }))
    .optional(),
  /** A ranking: each option's average place (1 is first), best first, and how many ranked it. */
  average_positions: z
    .array(z.object({ label: z.string(), average: z.number().nullable(), count: z.number().int() }))
    .optional(),
  /** A number, slider, NPS or calculated value: how many answered, mean, median, min and max (type-figures.ts). */
  summary: z
    .object({
      count: z.number().int(),
      mean: z.number().nullable(),
      median: z.number().nullable(),
      min: z.number().nullable(),
      max: z.number().nullable(),
    })
    .optional(),
  /** The same numbers in bins: from (inclusive) to (exclusive; the last bin includes it). */
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })).optional(),
  /** NPS: promoters (9–10), passives (7–8), detractors (0–6) and the score, −100 to 100 (null before any answer). */
  nps: z
    .object({
      promoters: z.number().int(),
      passives: z.number().int(),
      detractors: z.number().int(),
      score: z.number().int().nullable(),
    })
    .optional(),
  /** A yes/no question or a single checkbox: how many answered yes and no. */
  split: z.object({ yes: z.number().int(), no: z.number().int() }).optional(),
  /** A date question: answers per day, week (from Monday), month or year of the dates answered. */
  timeline: z
    .object({
      unit: z.enum(['day', 'week', 'month', 'year']),
      buckets: z.array(z.object({ start: z.string(), count: z.number().int() })),
    })
    .optional(),
  /** A file question: how many submissions sent files, and how many files they sent. */
  files: z.object({ submissions: z.number().int(), files: z.number().int() }).optional(),
});
export type FieldAnalytics = z.infer<typeof fieldAnalyticsSchema>;

/** One step of the funnel: respondents who reached it, how many of them went no further, median seconds on it. */
export const funnelStepSchema = z.object({
  step: z.string(),
  label: z.string(),
  reached: z.number().int(),
  drop_off: z.number().int(),
  /** Seconds, or null when nobody has left the step yet. */
  median_seconds: z.number().nullable(),
});

/**
 * Views, then respondents whose answers were saved as they went (started), each page or question
 * they reached, and how many of them completed; all time, from aggregates kept on each save.
 */
export const funnelSchema = z.object({
  views: z.number().int(),
  started: z.number().int(),
  steps: z.array(funnelStepSchema),
  completed: z.number().int(),
  /**
   * Whether the form saves answers as respondents go (its partial responses setting): without it
   * nobody is counted as they go, so the funnel has no steps.
   */
  saves_partials: z.boolean().optional(),
});
export type Funnel = z.infer<typeof funnelSchema>;

/** A page or an ending, and how many submissions of the period went through it. */
export const pathCountSchema = z.object({ id: z.string(), label: z.string(), reached: z.number().int() });

/**
 * The paths submissions took through a form with pages or endings, in the period: each page (in
 * form order) and each ending, with how many submissions reached it. Empty lists for a one-page
 * form without endings.
 */
export const pathsSchema = z.object({
  pages: z.array(pathCountSchema),
  endings: z.array(pathCountSchema),
});
export type Paths = z.infer<typeof pathsSchema>;

/**
 * GET /api/analytics/forms/:id. Days are UTC dates ('YYYY-MM-DD'); period_start and period_end
 * are inclusive. total_views lets the web show the completion rate.
 */
export const formAnalyticsSchema = z.object({
  formId: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  total_submissions: z.number().int(),
  total_views: z.number().int(),
  /** Seconds, or null when no submission reported its time. */
  avg_completion_time: z.number().nullable(),
  /** Share of views that did not end in a submission, 0 to 1; null without views. */
  bounce_rate: z.number().nullable(),
  metrics: z.object({
    daily_submissions: z.array(z.object({ date: z.string(), count: z.number().int() })),
  }),
  field_analytics: z.array(fieldAnalyticsSchema),
  funnel: funnelSchema,
  paths: pathsSchema,
});
export type FormAnalytics = z.infer<typeof formAnalyticsSchema>;

/** Body of POST /api/analytics/forms/:id/track (camelCase; the submission id in either case). */
export const trackBodySchema = z.object({
  submission_id: z.string().max(100).optional(),
  submissionId: z.string().max(100).optional(),
  totalTimeSpent: z.number().optional(),
  fieldInteractions: z.record(z.string(), z.unknown()).optional(),
  completed: z.boolean().optional(),
});
export type TrackBody = z.infer<typeof trackBodySchema>;

/** GET /api/form-submissions/forms/:id/fields/:fieldId/answers: one free-text question of a form. */
export const fieldAnswersParamsSchema = z.object({ id: z.string().max(20), fieldId: z.string().max(100) });

/** The most answers one page of a question's answers holds, and how many it holds unless asked. */
export const FIELD_ANSWERS_MAX_LIMIT = 50;
export const FIELD_ANSWERS_DEFAULT_LIMIT = 8;

/**
 * Newest first, from start_date (a UTC day, as the report's) on; `q` keeps the answers that contain
 * it (case-insensitively); `after` is the previous page's `next_cursor`.
 */
export const fieldAnswersQuerySchema = z.object({
  start_date: z.string().max(20).optional(),
  q: z.string().max(200).optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(FIELD_ANSWERS_MAX_LIMIT).default(FIELD_ANSWERS_DEFAULT_LIMIT),
});
export type FieldAnswersQuery = z.infer<typeof fieldAnswersQuerySchema>;

/**
 * A page of a question's answers as text, newest first. `next_cursor` continues the list, and is
 * also set when a search looked through its share of submissions without filling the page (it
 * may then hold fewer answers, or none): pass it back as `after` to look further. Null at the end.
 */
export const fieldAnswersPageSchema = z.object({
  answers: z.array(z.object({ submission_id: z.string(), created_at: z.string(), text: z.string() })),
  next_cursor: z.string().nullable(),
});
export type FieldAnswersPage = z.infer<typeof fieldAnswersPageSchema>;
