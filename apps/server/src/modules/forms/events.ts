import type { DbOrTx } from '../../db/client.ts';

/** Something that happened to a form which modules above forms act on. */
export type FormEvent = { formId: number; event: 'form.published' | 'form.moved' };
export type FormEventHandler = (tx: DbOrTx, event: FormEvent) => Promise<void>;

const handlers = new Set<FormEventHandler>();

/**
 * Calls `handler` with every form event, inside the transaction of the change, so what it writes
 * commits with the change or not at all. Modules that build on forms subscribe here (webhooks
 * queues its deliveries) instead of forms importing them. A set: subscribing the same function
 * again, as every app built in one process does, changes nothing.
 */
export function onFormEvent(handler: FormEventHandler): void {
  handlers.add(handler);
}

export async function emitFormEvent(tx: DbOrTx, event: FormEvent): Promise<void> {
  for (const handler of handlers) await handler(tx, event);
}
