import type { Form } from '@formsmith/core/forms/form';
import { type DraftAction, type DraftState, draftReducer } from './form-draft.ts';

/**
 * The editor's undo history: past and future drafts around the present one. Selection is not a
 * step. Consecutive edits of the same property (typing in one input) fold into one step, so one
 * undo takes back the whole word, not a letter.
 */
export type EditorHistory = {
  past: Form[];
  present: DraftState;
  future: Form[];
  /** What the last recorded step edited; the next edit of the same thing joins it. */
  lastKey: string | null;
  /** Bumped when the draft is swapped wholesale (undo, redo, reload), so inputs take it up. */
  revision: number;
};

export type HistoryAction =
  | { type: 'edit'; action: DraftAction }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Takes the server's copy after a conflict; undo brings this tab's copy back. */
  | { type: 'load'; form: Form };

/** Oldest steps are dropped past this many. */
const HISTORY_LIMIT = 200;

/** What an edit changes, for folding: typing keeps the same key, anything else starts a step. */
function coalesceKey(action: DraftAction): string | null {
  switch (action.type) {
    case 'setMeta':
      return `meta:${Object.keys(action.patch).sort().join(',')}`;
    case 'update':
      return `field:${action.id}:${Object.keys(action.patch).sort().join(',')}`;
    case 'setLogic':
      return action.key === undefined ? null : `logic:${action.key}`;
    case 'setTranslations':
      return action.key === undefined ? null : `translation:${action.key}`;
    default:
      return null;
  }
}

export function createHistory(form: Form): EditorHistory {
  return { past: [], present: { form, selectedId: null }, future: [], lastKey: null, revision: 0 };
}

/** Applies an editor action and records it as an undo step (or folds it into the last one). */
export function historyReducer(history: EditorHistory, action: HistoryAction): EditorHistory {
  const { past, present, future } = history;
  switch (action.type) {
    case 'edit': {
      const next = draftReducer(present, action.action);
      if (next.form === present.form) return { ...history, present: next };
      const key = coalesceKey(action.action);
      const folds = key !== null && key === history.lastKey;
      return {
        past: folds ? past : [...past, present.form].slice(-HISTORY_LIMIT),
        present: next,
        future: [],
        lastKey: key,
        revision: history.revision,
      };
    }
    case 'undo': {
      const previous = past.at(-1);
      if (!previous) return history;
      return {
        past: past.slice(0, -1),
        present: { form: previous, selectedId: keepSelection(present.selectedId, previous) },
        future: [present.form, ...future],
        lastKey: null,
        revision: history.revision + 1,
      };
    }
    case 'redo': {
      const [next, ...rest] = future;
      if (!next) return history;
      return {
        past: [...past, present.form],
        present: { form: next, selectedId: keepSelection(present.selectedId, next) },
        future: rest,
        lastKey: null,
        revision: history.revision + 1,
      };
    }
    case 'load':
      return {
        past: [...past, present.form].slice(-HISTORY_LIMIT),
        future: [],
        present: { form: action.form, selectedId: keepSelection(present.selectedId, action.form) },
        lastKey: null,
        revision: history.revision + 1,
      };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

function keepSelection(selectedId: string | null, form: Form): string | null {
  return selectedId !== null && form.fields.some((f) => f.id === selectedId) ? selectedId : null;
}
