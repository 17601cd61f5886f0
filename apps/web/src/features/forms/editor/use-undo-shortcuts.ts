import { useEffect } from 'react';

/**
 * Ctrl/Cmd+Z undoes and Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes editor changes, also while typing
 * in an input: the editor's history holds text edits too, folded per input.
 */
export function useUndoShortcuts({ undo, redo }: { undo: () => void; redo: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      // A dialog's own inputs (the AI description) keep the browser's undo.
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (key === 'y' && event.ctrlKey) {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}
