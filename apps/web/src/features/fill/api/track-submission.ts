import type { TrackBody } from '@formsmith/core/analytics/api';

/** Sent after a successful submit (the answer is a 204 with no body); failures are ignored. */
export function trackSubmission(formId: number, payload: TrackBody): void {
  fetch(`/api/analytics/forms/${formId}/track`, {
    method: 'POST',
    credentials: 'omit',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  }).catch(() => {});
}
