import { AlertTriangle, Check, CloudOff, Loader2 } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import type { SaveState } from './use-autosave.ts';

function describe(state: SaveState, isNew: boolean): { text: string; tone: 'quiet' | 'warn' } {
  switch (state.status) {
    case 'saved':
      return { text: isNew ? 'Not saved yet' : 'Saved', tone: 'quiet' };
    case 'pending':
    case 'saving':
      return { text: 'Saving…', tone: 'quiet' };
    case 'offline':
      return { text: 'Offline, retrying', tone: 'warn' };
    case 'conflict':
      return { text: 'Changed elsewhere', tone: 'warn' };
    case 'rejected':
      return { text: 'Not saved', tone: 'warn' };
    default: {
      const unknown: never = state;
      return unknown;
    }
  }
}

/** The autosave state next to the editor's title, announced politely as it changes. */
export function SaveStatus({ state, isNew }: { state: SaveState; isNew: boolean }) {
  const { text, tone } = describe(state, isNew);
  const Icon =
    state.status === 'saved'
      ? Check
      : state.status === 'offline'
        ? CloudOff
        : tone === 'warn'
          ? AlertTriangle
          : Loader2;
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-1.5 text-sm whitespace-nowrap',
        tone === 'warn' ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-300',
      )}
    >
      <Icon aria-hidden="true" className={cn('h-4 w-4', Icon === Loader2 && 'animate-spin')} />
      {text}
    </span>
  );
}
