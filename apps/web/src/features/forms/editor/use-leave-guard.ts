import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before the owner leaves with unsaved changes: the browser's own prompt when the tab is
 * closed or reloaded, and the returned blocker (for an in-app dialog) on in-app navigation.
 * `isDirty` is read at the moment of leaving, so an edit saved a second ago never asks.
 */
export function useLeaveGuard(isDirty: () => boolean) {
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [isDirty]);

  // The editor moving a new form to its own URL carries its session along: that is not leaving.
  return useBlocker(({ nextLocation }) => isDirty() && !isEditorSession(nextLocation.state));
}

/** Navigation state that keeps the same editor mounted across the URL change. */
export type EditorSessionState = { editorSession: string };

export function isEditorSession(state: unknown): state is EditorSessionState {
  return typeof (state as Partial<EditorSessionState> | null)?.editorSession === 'string';
}
