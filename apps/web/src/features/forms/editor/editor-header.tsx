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
