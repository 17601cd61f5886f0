/** Where one submission opens: its form's submissions page, showing that submission's detail. */
export function submissionPath(formId: number, submissionId: string): string {
  return `/forms/${formId}/submissions?submission=${encodeURIComponent(submissionId)}`;
}
