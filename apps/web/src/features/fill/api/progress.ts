import {
  type ProgressBody,
  progressResponseSchema,
  type ResumeResponse,
  resumeResponseSchema,
} from '@formsmith/core/submissions/progress';
import { errorMessageOf, publicRequest } from './public-request.ts';

const base = (formId: number) => `/form-submissions/forms/${formId}/progress`;

/** Saves the answers so far; the resume token, or null when the save did not go through. */
export async function saveProgress(formId: number, body: ProgressBody): Promise<string | null> {
  try {
    const res = await publicRequest(base(formId), { body });
    const parsed = progressResponseSchema.safeParse(res.body);
    return res.status < 300 && parsed.success ? parsed.data.resume_token : null;
  } catch {
    return null;
  }
}

export type ResumeResult =
  | { ok: true; saved: ResumeResponse }
  | { ok: false; status: number; message?: string };

/** The answers saved under this device's token or a mailed link's token. */
export async function resumeProgress(
  formId: number,
  body: { resume_token?: string; link_token?: string; access_code?: string },
): Promise<ResumeResult> {
  try {
    const res = await publicRequest(`${base(formId)}/resume`, { body });
    const parsed = resumeResponseSchema.safeParse(res.body);
    if (res.status === 200 && parsed.success) return { ok: true, saved: parsed.data };
    return { ok: false, status: res.status, message: errorMessageOf(res) };
  } catch {
    return { ok: false, status: 0 };
  }
}

/** Asks for a link to continue on another device; the error message when it was refused. */
export async function mailResumeLink(
  formId: number,
  body: { resume_token: string; email: string; access_code?: string },
): Promise<string | null> {
  try {
    const res = await publicRequest(`${base(formId)}/email`, { body });
    if (res.status === 202) return null;
    const field = res.body?.fields as Record<string, string> | undefined;
    return field?.email ?? errorMessageOf(res) ?? 'The link could not be sent. Please try again.';
  } catch {
    return 'The link could not be sent. Please try again.';
  }
}
