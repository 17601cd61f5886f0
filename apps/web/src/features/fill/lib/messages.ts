import type { ErrorCode } from '@formsmith/core/errors';
import type { Chrome } from '@formsmith/core/i18n/chrome';
import type { ChromeKey } from '@formsmith/core/i18n/chrome/en';

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

/** Refusals that say more than their status, each in its own words. */
const BY_CODE: Partial<Record<ErrorCode, ChromeKey>> = {
  // Sent before the anti-spam window closed: the answers are kept, sending again stores them.
  SENT_TOO_SOON: 'submit.tooSoon',
};

/** A refused submit as the page reads it: its status, and the server's code and message if any. */
export type SubmitRefusal = { status: number; code?: string | undefined; message?: string | undefined };

/**
 * The message shown for a refused submit, in the page's language: by its code where that says
 * more than the status, else by status (the server's own message is not always in the page's
 * language), else the server's message quoted.
 */
export function submitErrorMessage(
  { t }: Chrome,
  { status, code, message: serverMessage }: SubmitRefusal,
): string {
  const byCode = code ? BY_CODE[code as ErrorCode] : undefined;
  if (byCode) return t(byCode);
  const known = BY_STATUS[status as keyof typeof BY_STATUS];
  if (known) return t(known);
  if (serverMessage) return t('submit.error', { message: serverMessage });
  return t('submit.failed');
}
