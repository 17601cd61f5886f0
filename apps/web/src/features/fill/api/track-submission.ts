export type TrackPayload = {
  submission_id: string;
  totalTimeSpent: number;
  fieldInteractions: Record<string, { focuses: number; timeSpent: number }>;
  completed: boolean;
};

/** Sent after a successful submit; failures are ignored (the submission is stored already). */
export function trackSubmission(formId: number, payload: TrackPayload): void {
  fetch(`/api/analytics/forms/${formId}/track`, {
    method: 'POST',
    credentials: 'omit',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  }).catch(() => {});
}
