import { ArrowLeft, Redo2, Sparkles, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { SaveStatus } from './save-status.tsx';
import type { SaveState } from './use-autosave.ts';

type EditorHeaderProps = {
  title: string;
  isNew: boolean;
  saveState: SaveState;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onGenerate: () => void;
  /** The others who have the form open now. */
  others?: { user_id: string; name: string }[];
  /** Publishing controls, when the form exists. */
  children?: ReactNode;
};

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl+';

/** Back link, the form's title with its save state, undo/redo, AI and publishing. */
export function EditorHeader(props: EditorHeaderProps) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex w-full min-w-0 items-center gap-3 sm:w-auto sm:flex-1">
        <Link to="/dashboard/forms" className={buttonClasses('ghost', 'icon')} aria-label="Back to forms">
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        </Link>
        <div className="min-w-0">
          <h1 className="text-xl font-bold tracking-tight break-words text-balance sm:text-2xl">
            {props.title.trim() || 'Untitled form'}
          </h1>
          <SaveStatus state={props.saveState} isNew={props.isNew} />
          <OthersHere others={props.others ?? []} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          size="icon"
          onClick={props.onUndo}
          disabled={!props.canUndo}
          aria-label="Undo"
          title={`Undo (${MOD}Z)`}
        >
          <Undo2 aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={props.onRedo}
          disabled={!props.canRedo}
          aria-label="Redo"
          title={`Redo (${MOD}Shift+Z)`}
        >
          <Redo2 aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button variant="secondary" onClick={props.onGenerate}>
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">Generate with AI</span>
          <span className="sm:hidden">AI</span>
        </Button>
        {props.children}
      </div>
    </header>
  );
}

/**
 * Who else has the form open, by initials and in words. Their saves and ours still meet the
 * draft's version check, so nobody's change is lost: this only says someone else is there.
 */
function OthersHere({ others }: { others: { user_id: string; name: string }[] }) {
  const names = others.map((o) => o.name);
  const words =
    names.length === 0
      ? ''
      : names.length === 1
        ? `${names[0]} also has this form open`
        : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} also have this form open`;
  return (
    <p
      role="status"
      className="mt-1 flex items-center gap-2 text-sm text-slate-600 empty:hidden dark:text-slate-400"
    >
      {others.length > 0 && (
        <>
          <span className="flex -space-x-1.5" aria-hidden="true">
            {others.slice(0, 4).map((o) => (
              <span
                key={o.user_id}
                className="flex h-6 w-6 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white ring-2 ring-white dark:ring-slate-950"
              >
                {o.name.trim().charAt(0).toUpperCase() || '?'}
              </span>
            ))}
          </span>
          {words}
        </>
      )}
    </p>
  );
}
