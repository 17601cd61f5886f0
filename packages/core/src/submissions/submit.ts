import { z } from 'zod';
import { envelopeSchema } from '../crypto/formats.ts';
import { SPAM_SOLUTION_MAX_LENGTH } from './spam-challenge.ts';

// Request and response shapes of what anonymous respondents call: submit a form, upload a file.

export const submitParamsSchema = z.object({ id: z.string().max(20) });

/** data and metadata are free-form here; the service checks them against the form's fields. */
export const submitBodySchema = z.object({
  data: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  access_code: z.string().max(200).nullish(),
  accessCode: z.string().max(200).nullish(),
  /** The token of the answers saved as the respondent went (see progress.ts): the submit completes them. */
  resume_token: z.string().min(20).max(200).nullish(),
  /**
   * An end-to-end encrypted form's answers, sealed in the browser to the form's key; `data` then
   * carries the anti-spam keys alone. The submission id is the browser's: it is bound into the
   * envelope, so it must exist before encrypting.
   */
  encrypted: z
    .object({
      submission_id: z.string().uuid(),
      /** The form's public key the answers were sealed to (a changed key asks for a reload). */
      public_key: z.string().max(200),
      envelope: envelopeSchema,
      /** The encrypted files the answers name, each uploaded before the submit. */
      upload_ids: z.array(z.string().uuid()).max(100).default([]),
    })
    .optional(),
  /** The language the respondent filled the form in (one of the form's; else Accept-Language, else its default). */
  lang: z.string().max(35).nullish(),
  /** The solved proof-of-work challenge, when the form asks for one (spam-challenge.ts). */
  altcha: z.string().max(SPAM_SOLUTION_MAX_LENGTH).nullish(),
});
export type SubmitBody = z.infer<typeof submitBodySchema>;

export const submitHeadersSchema = z.object({
  'idempotency-key': z.string().min(1).max(200).optional(),
});

export const uploadQuerySchema = z.object({
  access_code: z.string().max(200).optional(),
  field_id: z.string().max(200).optional(),
});

/** An uploaded file, as the upload answers it and as the submit then sends it for its field. */
export const uploadResponseSchema = z.object({
  upload_id: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
});
export type FileAnswer = z.infer<typeof uploadResponseSchema>;

/** What a file field's answer carries, in the submit data and in the stored submission. */
export const fileAnswerSchema = z.object({
  upload_id: z.string().uuid(),
  name: z.string().optional(),
  size: z.number().optional(),
  type: z.string().optional(),
});

export const SUBMIT_SUCCESS_MESSAGE = 'Form submitted successfully';

/** GET /api/form-submissions/forms/:id/challenge: what the page solves (ALTCHA v2's challenge). */
export const spamChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type SpamChallenge = z.infer<typeof spamChallengeSchema>;
