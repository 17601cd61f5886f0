/**
 * What the HTTP contracts of several resources share: the `{ message }` answer, the empty 204 body,
 * and alias keys for request bodies. Each resource's own bodies and answers are in its `api.ts`.
 */
import { z } from 'zod';

/** The answer of calls that only confirm what they did: `{ message }`. */
export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

/** The empty body of a 204 answer, as both the server and the web client see it. */
export const noContentSchema = z.null();

/**
 * A preprocess step for request bodies that accept several spellings of a key (snake_case and
 * camelCase): each alias is renamed to its canonical key unless that key is already present.
 */
export function aliasKeys(aliases: Record<string, string>) {
  return (input: unknown): unknown => {
    if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
    const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [from, to] of Object.entries(aliases)) {
      if (out[to] === undefined && out[from] !== undefined) out[to] = out[from];
      delete out[from];
    }
    return out;
  };
}
