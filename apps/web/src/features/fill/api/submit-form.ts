import { LIMITS } from '@formsmith/core/limits';
import type { SubmitBody } from '@formsmith/core/submissions/submit';
import { newIdempotencyKey } from '../lib/uuid.ts';
import { type PublicResponse, publicRequest } from './public-request.ts';

export type SubmitPayload = {
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  access_code?: string;
  /** Completes the answers saved as the respondent went. */
  resume_token?: string;
  /** An end-to-end encrypted form's sealed answers (data then holds the anti-spam keys alone). */
  encrypted?: SubmitBody['encrypted'];
  /** The language the respondent filled the form in: the server answers in it and records it. */
  lang?: string;
  /** The solved proof-of-work challenge, for forms that ask for one. */
  altcha?: string;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a submission. Network failures are retried (LIMITS.submitRetries, 1 s apart) under one
 * Idempotency-Key, so a retry of a submission that did arrive never stores a second copy.
 */
export async function submitForm(formId: number, payload: SubmitPayload): Promise<PublicResponse> {
  const headers = { 'idempotency-key': newIdempotencyKey() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await publicRequest(`/form-submissions/forms/${formId}/submit`, {
        body: payload,
        headers,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (attempt >= LIMITS.submitRetries) throw error;
      await wait(LIMITS.submitRetryDelayMs);
    }
  }
}
