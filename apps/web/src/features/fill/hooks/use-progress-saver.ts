import { useEffect, useRef } from 'react';
import { saveProgress } from '../api/progress.ts';
import { keepResumeToken } from '../lib/resume-token.ts';

const DEBOUNCE_MS = 600;

type Snapshot = { data: Record<string, unknown>; step: string; lang?: string };

/**
 * Saves the answers as the respondent goes (on each new screen, debounced, so quick Next/Back
 * clicks make one call), one save at a time, the token kept on this device. `token` holds the
 * current resume token for the final submit and for 'Save and continue later'.
 */
export type ProgressSaver = ReturnType<typeof useProgressSaver>;

export function useProgressSaver(input: {
  formId: number;
  enabled: boolean;
  initialToken: string | null;
  accessCode: string | undefined;
}) {
  const token = useRef<string | null>(input.initialToken);
  const pending = useRef<Snapshot | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<void> | null>(null);

  const flush = async (): Promise<string | null> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    await running.current;
    const next = pending.current;
    pending.current = null;
    if (!next) return token.current;
    const run = (async () => {
      const saved = await saveProgress(input.formId, {
        data: next.data,
        step: next.step,
        ...(next.lang ? { lang: next.lang } : {}),
        ...(token.current ? { resume_token: token.current } : {}),
        ...(input.accessCode ? { access_code: input.accessCode } : {}),
      });
      if (saved) {
        token.current = saved;
        keepResumeToken(input.formId, saved);
      }
    })();
    running.current = run;
    await run;
    return token.current;
  };

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return {
    token,
    /** Queues a save of these answers at this screen. */
    save(snapshot: Snapshot) {
      if (!input.enabled) return;
      pending.current = snapshot;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
    },
    /** Sends any queued save now; the resume token after it. */
    flush,
    /** Forgets the saved answers on this device (submitted, or the respondent starts over). */
    forget() {
      pending.current = null;
      token.current = null;
      keepResumeToken(input.formId, null);
    },
  };
}
