import type { z } from 'zod';

/** A refused parse as one message per top-level input, the first one each input got. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}
