import { Button } from '../../../components/ui/button.tsx';
import type { SaveState } from './settings-save.tsx';

/** The page's one save: what is unsaved, Save and Discard, and how the last save went. */
export function SaveBar({
  dirtyLabels,
  state,
  onSave,
  onDiscard,
}: {
  dirtyLabels: string[];
  state: SaveState;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const dirty = dirtyLabels.length > 0;
  const message =
    state.kind === 'saving'
      ? 'Saving…'
      : state.kind === 'refused'
        ? `Not saved: ${state.labels.join(', ')}. The messages are beside the settings.`
        : dirty
          ? `Unsaved changes: ${dirtyLabels.join(', ')}`
          : state.kind === 'saved'
            ? 'All changes saved'
            : 'No unsaved changes';
  return (
    <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 dark:border-slate-800 dark:bg-slate-950/95">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          role="status"
          className={
            state.kind === 'refused'
              ? 'text-sm font-medium text-red-700 dark:text-red-400'
              : 'text-sm text-slate-700 dark:text-slate-300'
          }
        >
          {message}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onDiscard} disabled={!dirty || state.kind === 'saving'}>
            Discard
          </Button>
          <Button onClick={onSave} disabled={!dirty || state.kind === 'saving'}>
            Save changes
          </Button>
        </div>
      </div>
    </div>
  );
}
