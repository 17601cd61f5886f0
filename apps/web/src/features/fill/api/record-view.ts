/** Counts a view of the form for its analytics; fire and forget, failures are ignored. */
export function recordView(formId: number): void {
  fetch(`/api/analytics/forms/${formId}/view`, {
    method: 'POST',
    credentials: 'omit',
    keepalive: true,
  }).catch(() => {});
}
