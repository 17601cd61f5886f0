import type { z } from 'zod';
import { ApiError } from './api-client.ts';

/** A refused parse as one message per top-level input, the first one each input got. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

/**
 * What to show beside the control a failed call came from: the server's message for `field` when
 * it sent one, else its message (`error` of the body), which names what to do.
 */
export function failureMessage(error: unknown, field?: string): string {
  if (error instanceof ApiError && field && error.fields?.[field]) return error.fields[field];
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
