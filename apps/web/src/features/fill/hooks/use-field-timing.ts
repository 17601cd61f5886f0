import { useCallback, useRef } from 'react';

type Interaction = { focuses: number; timeSpent: number };

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * Measures the respondent's time on the form and, per field, how often it was focused and how
 * long focus stayed (stored as metadata.analytics). Kept in a ref: timing never re-renders.
 * `openedAt` (epoch ms) is when the form was opened, when that was before this runs: the page the
 * server drew is taken over only at the respondent's first interaction.
 */
export function useFieldTiming(openedAt?: number) {
  const state = useRef({
    startedAt: openedAt ?? Date.now(),
    fields: {} as Record<string, { focuses: number; ms: number }>,
    active: null as { id: string; since: number } | null,
  });

  const blur = useCallback((id: string) => {
    const s = state.current;
    if (!s.active || s.active.id !== id) return;
    const entry = s.fields[id] ?? { focuses: 0, ms: 0 };
    entry.ms += Date.now() - s.active.since;
    s.fields[id] = entry;
    s.active = null;
  }, []);

  const focus = useCallback(
    (id: string) => {
      const s = state.current;
      if (s.active) blur(s.active.id);
      const entry = s.fields[id] ?? { focuses: 0, ms: 0 };
      entry.focuses += 1;
      s.fields[id] = entry;
      s.active = { id, since: Date.now() };
    },
    [blur],
  );

  /** Totals so far, in seconds, as the submit metadata and the track call carry them. */
  const snapshot = useCallback(() => {
    const s = state.current;
    const now = Date.now();
    const fieldInteractions: Record<string, Interaction> = {};
    for (const [id, f] of Object.entries(s.fields)) {
      const running = s.active?.id === id ? now - s.active.since : 0;
      fieldInteractions[id] = { focuses: f.focuses, timeSpent: seconds(f.ms + running) };
    }
    return { startedAt: s.startedAt, totalTimeSpent: seconds(now - s.startedAt), fieldInteractions };
  }, []);

  const reset = useCallback(() => {
    state.current = { startedAt: Date.now(), fields: {}, active: null };
  }, []);

  return { focus, blur, snapshot, reset };
}
