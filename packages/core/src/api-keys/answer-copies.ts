import type { Confirmation } from '../form-settings/api.ts';
import type { FormLogic } from '../logic/definition.ts';
import type { WebhookEvent } from '../webhooks/api.ts';

// Settings that send respondents' answers out of the account: the confirmation mail's copy of
// them, an ending's redirect that passes them on, a webhook of submission events. Whoever sets one
// of these up reads every later answer, so an API key needs `submissions:read` to do it, as it
// would to read them in the API. A save that leaves them as they were needs nothing more.

/** The confirmation mail's share of the answers (which field's address, which answers), or null for none. */
export function confirmationAnswerCopy(settings: Confirmation | null): string | null {
  if (!settings?.enabled) return null;
  const recalled = [...`${settings.subject}\n${settings.message}`.matchAll(/\{\{\s*([A-Za-z0-9_-]+)\s*\}\}/g)]
    .map((m) => m[1]!)
    .sort();
  if (!settings.include_answers && !settings.attach_pdf && recalled.length === 0) return null;
  const copy = [settings.email_field_id, settings.include_answers, [...new Set(recalled)]];
  // The PDF copy is named only when on, so settings saved before it existed compare as before.
  return JSON.stringify(settings.attach_pdf ? [...copy, 'pdf'] : copy);
}

/** Each ending redirect that passes answers on: its address and the answers it carries. */
export function redirectAnswerCopies(logic: Pick<FormLogic, 'endings'> | null | undefined): string[] {
  return (logic?.endings ?? [])
    .filter((ending) => ending.redirectUrl && ending.redirectParams.length > 0)
    .map((ending) => JSON.stringify([ending.redirectUrl, [...new Set(ending.redirectParams)].sort()]));
}

/** Whether a webhook subscribed to these events is sent answers. */
export function webhookCarriesAnswers(events: readonly WebhookEvent[]): boolean {
  return events.some((event) => event.startsWith('submission.'));
}

/** True when `next` sends answers somewhere `before` did not. */
export function addsAnswerCopies(before: readonly string[], next: readonly string[]): boolean {
  const known = new Set(before);
  return next.some((copy) => !known.has(copy));
}
