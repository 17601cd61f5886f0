import * as z from 'zod/mini';

// Shapes of saving answers as a respondent goes: progress calls, resuming, mailed resume links.
// Written against zod/mini: the public page parses the answers with them and stays small.

const token = z.string().check(z.minLength(20), z.maxLength(200));
const accessCode = z.nullish(z.string().check(z.maxLength(200)));

/** POST /api/form-submissions/forms/:id/progress. `step`: the page or (one question at a time) the question now shown. */
export const progressBodySchema = z.object({
  data: z.nullish(z.record(z.string(), z.unknown())),
  resume_token: z.nullish(token),
  step: z.nullish(z.string().check(z.maxLength(200))),
  access_code: accessCode,
  metadata: z.nullish(z.record(z.string(), z.unknown())),
  /** The language the respondent fills the form in (as the submit's `lang`). */
  lang: z.nullish(z.string().check(z.maxLength(35))),
});
export type ProgressBody = z.infer<typeof progressBodySchema>;

/** The saved submission and the token that continues it (keep it: it is shown only here). */
export const progressResponseSchema = z.object({ submission_id: z.string(), resume_token: z.string() });
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

/** POST …/progress/resume: the token kept on this device, or the token of a mailed link. */
export const resumeBodySchema = z
  .object({
    resume_token: z.optional(token),
    link_token: z.optional(token),
    access_code: accessCode,
  })
  .check(
    z.refine((b) => (b.resume_token === undefined) !== (b.link_token === undefined), {
      message: 'Send either resume_token or link_token',
    }),
  );
export type ResumeBody = z.infer<typeof resumeBodySchema>;

/** The answers saved so far and where the respondent was. */
export const resumeResponseSchema = z.object({
  submission_id: z.string(),
  resume_token: z.string(),
  data: z.record(z.string(), z.unknown()),
  step: z.nullable(z.string()),
});
export type ResumeResponse = z.infer<typeof resumeResponseSchema>;

export const RESUME_EMAIL_MESSAGES = { email: 'Enter a valid email address' } as const;

/** POST …/progress/email: mail a single-use link that resumes the submission on any device. */
export const resumeEmailBodySchema = z.object({
  resume_token: token,
  email: z
    .email({ error: RESUME_EMAIL_MESSAGES.email })
    .check(z.maxLength(254, { error: RESUME_EMAIL_MESSAGES.email })),
  access_code: accessCode,
});
export type ResumeEmailBody = z.infer<typeof resumeEmailBodySchema>;

export const resumeEmailResponseSchema = z.object({ message: z.string() });

/** One step the respondent reached, when first reached (ISO time), with its position in the form. */
export const progressStepSchema = z.object({
  step: z.string(),
  index: z.number().check(z.int()),
  at: z.string(),
});

/**
 * How far a submission saved as the respondent went got: the step now shown, its position, and
 * every step reached in order (each once, when first reached); `completed_at` once submitted.
 */
export const progressRecordSchema = z.object({
  step: z.string(),
  step_index: z.number().check(z.int()),
  /** The step as the owner reads it, worded when it was reached ('Page 2 of 4: Contact', a question's label). */
  label: z.string(),
  steps: z.array(progressStepSchema),
  completed_at: z.optional(z.string()),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;

/** What an owner sees of a submission's progress: the step's label ('Page 2 of 4: Contact') and when. */
export const progressSummarySchema = z.object({
  step: z.string(),
  label: z.string(),
  updated_at: z.string(),
});
export type ProgressSummary = z.infer<typeof progressSummarySchema>;
