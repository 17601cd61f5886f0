/** The public page's texts (the status views keep their own, to load with them). */
export const FILL_TEXT = {
  incorrectCode: 'Incorrect access code',
  missingId: 'Form ID is missing. Please try again or contact support.',
  invalidResponse: 'Server returned an invalid response. Your submission may not have been saved.',
  problem:
    'There was a problem submitting your form. Please try again or contact support if the problem persists.',
  previewTitle: 'Preview — only you can see this.',
  previewNote:
    'Respondents cannot open this form yet: it is not published, or it is private. You see its latest draft.',
  previewSubmit: 'Submitting is off in a preview: nothing you enter here is sent.',
  errorSummary: 'Please correct these answers:',
  protectedForm: 'Protected Form',
} as const;

const BY_STATUS: Record<number, string> = {
  401: 'Authentication error: Please check if this form is public or requires login.',
  404: 'Form not found: The form may have been deleted or is no longer available.',
  422: 'Validation error: Please check your form inputs and try again.',
  500: 'The server encountered an error while processing your submission. Please try again later.',
};

/** The message shown for a failed submit call, by status. */
export function submitErrorMessage(status: number, serverMessage: string | undefined): string {
  const known = BY_STATUS[status];
  if (known) return known;
  if (serverMessage) return `Submission error: ${serverMessage}`;
  return 'Failed to submit form.';
}
