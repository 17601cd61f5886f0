import type { Chrome } from '@formsmith/core/i18n/chrome';

/**
 * The owner's preview notes: only the form's owner sees them, in the owner app's language. What
 * respondents read comes from the page's catalogues (core i18n/chrome).
 */
export const PREVIEW_TEXT = {
  previewTitle: 'Preview — only you can see this.',
  previewNote:
    'Respondents cannot open this form yet: it is not published, or it is private. You see its latest draft.',
  previewSubmit: 'Submitting is off in a preview: nothing you enter here is sent.',
} as const;

const BY_STATUS = {
  401: 'submit.status401',
  404: 'submit.status404',
  422: 'submit.status422',
  500: 'submit.status500',
} as const;

/** The message shown for a failed submit call, by status, in the page's language. */
export function submitErrorMessage({ t }: Chrome, status: number, serverMessage: string | undefined): string {
  const known = BY_STATUS[status as keyof typeof BY_STATUS];
  if (known) return t(known);
  if (serverMessage) return t('submit.error', { message: serverMessage });
  return t('submit.failed');
}
