import type { Form } from '@formsmith/core/forms/form';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import type { SavedDraft } from '../../../lib/forms-api/save-form.ts';

export type SaveState =
  | { status: 'saved' | 'pending' | 'saving' }
  /** The network or the server failed; the save is retried with backoff. */
  | { status: 'offline'; retryInMs: number }
  /** Another tab or device saved a newer version; the owner chooses whose copy wins. */
  | { status: 'conflict' }
  /**
   * The server refused this draft (a limit, a rule): retrying the same draft cannot help, so the
   * draft is kept and the next edit tries again. `fields` are the server's messages by key.
   */
  | { status: 'rejected'; message: string; fields?: Record<string, string>; sent: Form };

type AutosaveOptions = {
  form: Form;
  formId: number | undefined;
  version: number | undefined;
  save: (input: { form: Form; id: number | undefined; version: number | undefined }) => Promise<SavedDraft>;
  onCreated: (id: number) => void;
};

/** Quiet time after the last edit before it is sent. */
export const AUTOSAVE_DELAY_MS = 700;
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true; // fetch failed: offline or the server is down
  return error.status >= 500 || error.status === 429 || error.status === 408;
}

/**
 * Saves the draft shortly after every edit. One save is in flight at a time and the newest draft
 * always wins: edits made during a save are sent right after it. Failures are retried with
 * backoff and never drop the edit; a stale version stops saving until the owner resolves it.
 */
export function useAutosave({ form, formId, version, save, onCreated }: AutosaveOptions) {
  const [state, setState] = useState<SaveState>({ status: 'saved' });
  const latest = useRef(form);
  latest.current = form;
  const saved = useRef(form);
  const ids = useRef({ id: formId, version });
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryDelay = useRef(RETRY_FIRST_MS);
  const conflict = useRef(false);
  const failed = useRef(false);
  const callbacks = useRef({ save, onCreated });
  callbacks.current = { save, onCreated };

  const run = useCallback(async () => {
    clearTimeout(timer.current);
    if (inFlight.current || conflict.current) return;
    const sending = latest.current;
    if (sending === saved.current) {
      setState({ status: 'saved' });
      return;
    }
    inFlight.current = true;
    setState({ status: 'saving' });
    try {
      const result = await callbacks.current.save({ form: sending, ...ids.current });
      const created = ids.current.id === undefined;
      ids.current = { id: result.id, version: result.version };
      saved.current = sending;
      retryDelay.current = RETRY_FIRST_MS;
      failed.current = false;
      if (created) callbacks.current.onCreated(result.id);
      inFlight.current = false;
      if (latest.current !== sending) void run();
      else setState({ status: 'saved' });
    } catch (error) {
      inFlight.current = false;
      failed.current = true;
      if (error instanceof ApiError && error.status === 409) {
        conflict.current = true;
        setState({ status: 'conflict' });
      } else if (isRetryable(error)) {
        const wait = retryDelay.current;
        retryDelay.current = Math.min(wait * 2, RETRY_MAX_MS);
        setState({ status: 'offline', retryInMs: wait });
        timer.current = setTimeout(() => void run(), wait);
      } else {
        setState({
          status: 'rejected',
          message: error instanceof Error ? error.message : String(error),
          fields: error instanceof ApiError ? error.fields : undefined,
          sent: sending,
        });
      }
    }
  }, []);

  useEffect(() => {
    if (form === saved.current || conflict.current) return;
    setState((s) => (s.status === 'offline' || s.status === 'saving' ? s : { status: 'pending' }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
  }, [form, run]);

  // Coming back online retries at once instead of waiting out the backoff.
  useEffect(() => {
    const online = () => {
      retryDelay.current = RETRY_FIRST_MS;
      void run();
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [run]);

  /** After a conflict: take the server's copy as saved (`theirs`) or overwrite it with this draft. */
  const resolveConflict = useCallback(
    (
      choice:
        | { keep: 'theirs'; form: Form; version: number | undefined }
        | { keep: 'mine'; version: number | undefined },
    ) => {
      conflict.current = false;
      ids.current = { ...ids.current, version: choice.version };
      if (choice.keep === 'theirs') {
        saved.current = choice.form;
        setState({ status: 'saved' });
      } else void run();
    },
    [run],
  );

  /** True while something the owner did is not stored yet. */
  const isDirty = useCallback(() => inFlight.current || latest.current !== saved.current, []);

  /** Sends what is not stored yet now; resolves to whether everything is stored. */
  const saveNow = useCallback(async () => {
    for (;;) {
      if (conflict.current) return false;
      if (!inFlight.current && latest.current === saved.current) return true;
      if (inFlight.current) await new Promise((resolve) => setTimeout(resolve, 50));
      else {
        await run();
        if (failed.current) return false;
      }
    }
  }, [run]);

  return { state, isDirty, resolveConflict, saveNow };
}
