import { UNDO_SECONDS } from '@formsmith/core/submissions/delete';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { formsKeys } from '../../../lib/forms-api/query-keys.ts';
import { deleteSubmissions, sendDeleteOnUnload } from '../api/delete-submissions.ts';
import { submissionsKeys } from '../api/query-keys.ts';

/**
 * Deletes wait UNDO_SECONDS in the browser before they are sent, so Undo only has to forget them:
 * the server deletes once, for good, and takes the submissions out of counts and analytics in the
 * same statement. Meanwhile the rows are hidden. A tab closed in the window still sends them.
 */
export type PendingDelete = {
  key: number;
  formId: number;
  ids: string[];
  state: 'waiting' | 'failed';
};

type Entry = PendingDelete & { timer: ReturnType<typeof setTimeout> | null };

let entries: Entry[] = [];
let snapshot: readonly PendingDelete[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();

function publish(next: Entry[]) {
  entries = next;
  snapshot = next.map(({ timer: _timer, ...rest }) => rest);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function commit(client: QueryClient, key: number) {
  const entry = entries.find((e) => e.key === key);
  if (entry?.state !== 'waiting') return;
  publish(entries.map((e) => (e.key === key ? { ...e, timer: null } : e)));
  try {
    await deleteSubmissions(entry.formId, entry.ids);
    publish(entries.filter((e) => e.key !== key));
  } catch {
    publish(entries.map((e) => (e.key === key ? { ...e, state: 'failed' as const } : e)));
  }
  // Counts, pages and analytics come back from the server either way.
  await Promise.all([
    client.invalidateQueries({ queryKey: submissionsKeys.all }),
    client.invalidateQueries({ queryKey: formsKeys.all }),
    client.invalidateQueries({ queryKey: ['analytics'] }),
  ]);
}

function flushOnUnload() {
  for (const entry of entries) {
    if (entry.state === 'waiting' && entry.timer) sendDeleteOnUnload(entry.formId, entry.ids);
  }
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushOnUnload);

/** Pending deletes of submissions, with the calls to add and undo them. */
export function usePendingDeletes(formId: number) {
  const client = useQueryClient();
  const all = useSyncExternalStore(subscribe, () => snapshot);
  const pending = all.filter((p) => p.formId === formId);
  const schedule = useCallback(
    (ids: string[]) => {
      const key = nextKey++;
      const timer = setTimeout(() => void commit(client, key), UNDO_SECONDS * 1000);
      publish([...entries, { key, formId, ids, state: 'waiting', timer }]);
    },
    [client, formId],
  );
  return {
    pending,
    /** Ids waiting to be deleted: hidden from the table meanwhile. */
    hidden: new Set(pending.filter((p) => p.state === 'waiting').flatMap((p) => p.ids)),
    schedule,
  };
}

/** Forgets a pending delete (Undo) or a failed one (dismiss): its rows come back. */
export function dropPendingDelete(key: number) {
  const entry = entries.find((e) => e.key === key);
  if (entry?.timer) clearTimeout(entry.timer);
  publish(entries.filter((e) => e.key !== key));
}
