/** A submission as GET /api/form-submissions/forms/:id/submissions[/:sid] sends it. */
export type Submission = {
  id: string;
  form_id: number;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  created_at: string;
  completed: boolean;
  /** The form version it answered. */
  form_version?: number;
  /** Detail only: the fields of that version. */
  fields?: unknown[];
};

export type SubmissionPage = { items: Submission[]; total: number; page: number; limit: number };

export type SubmissionSettings = { email_notifications: boolean | null; retention_days: 7 | 30 | 90 | null };
