import type { Form } from '@formsmith/core/forms/form';

/** What a refused save said, placed: messages about one field by its id, the rest apart. */
export type SaveProblems = { byField: Record<string, string>; other: string[] };

/**
 * The server's messages of a refused save (`fields.<index>.<property>` for a field of the body,
 * other keys for the form's own settings) placed against the draft that was sent, so each shows
 * next to its field.
 */
export function placeSaveProblems(messages: Record<string, string> | undefined, sent: Form): SaveProblems {
  const problems: SaveProblems = { byField: {}, other: [] };
  for (const [key, message] of Object.entries(messages ?? {})) {
    const index = /^fields\.(\d+)(?:\.|$)/.exec(key)?.[1];
    const field = index === undefined ? undefined : sent.fields[Number(index)];
    if (field) problems.byField[field.id] ??= message;
    else problems.other.push(message);
  }
  return problems;
}
