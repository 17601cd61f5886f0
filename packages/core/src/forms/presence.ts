// Who else has a form's editor open (PUT/DELETE /api/forms/:id/presence), read by the server's
// route and the web's editor header.
import { z } from 'zod';

/** How often an open editor marks itself present. */
export const PRESENCE_INTERVAL_MS = 15_000;
/** How long a mark counts: past it (a closed tab, a lost connection) the person is gone. */
export const PRESENCE_TTL_MS = 45_000;

/** The others with the form open now, by name (never the caller). */
export const presenceSchema = z.object({
  others: z.array(z.object({ user_id: z.string(), name: z.string() })),
});
export type Presence = z.infer<typeof presenceSchema>;
