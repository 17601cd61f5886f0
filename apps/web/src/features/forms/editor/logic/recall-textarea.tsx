import { type TextareaHTMLAttributes, useId, useRef, useState } from 'react';
import { cn } from '../../../../lib/cn.ts';
import type { NameChoice } from './logic-model.ts';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'role'> & {
  value: string;
  onChange: (value: string) => void;
  /** What `{{` may recall: answers, variables, the score. */
  names: NameChoice[];
};

/** The `{{partial` just before the caret, if the owner is typing a recall. */
function openRecall(text: string, caret: number): { start: number; query: string } | null {
  const match = /\{\{\s*([A-Za-z0-9_]*)$/.exec(text.slice(0, caret));
  return match ? { start: match.index, query: (match[1] ?? '').toLowerCase() } : null;
}

/**
 * A textarea that offers answers and variables as the owner types `{{`: a listbox worked from the
 * keyboard (arrow keys, Enter or Tab to insert `{{name}}`, Escape to close) or the pointer.
 */
export function RecallTextarea({ value, onChange, names, className, onKeyDown, onBlur, ...rest }: Props) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [recall, setRecall] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const matches = recall
    ? names
        .filter(
          (n) =>
            n.name.toLowerCase().includes(recall.query) || n.description.toLowerCase().includes(recall.query),
        )
        .slice(0, 8)
    : [];
  const open = matches.length > 0;

  const track = (text: string, caret: number) => {
    const next = openRecall(text, caret);
    setRecall(next);
    if (next?.query !== recall?.query) setActive(0);
  };

  const insert = (name: string) => {
    const el = ref.current;
    if (!recall || !el) return;
    const caret = el.selectionStart;
    const next = `${value.slice(0, recall.start)}{{${name}}}${value.slice(caret)}`;
    onChange(next);
    setRecall(null);
    const at = recall.start + name.length + 4;
    requestAnimationFrame(() => el.setSelectionRange(at, at));
  };

  return (
    <div className="relative">
      <textarea
        {...rest}
        ref={ref}
        value={value}
        // A textarea keeps its textbox role (ARIA allows no combobox on it); the list is tied to it
        // by aria-controls and the active option, and a status line announces it.
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        className={className}
        onChange={(e) => {
          onChange(e.target.value);
          track(e.target.value, e.target.selectionStart);
        }}
        onBlur={(e) => {
          setRecall(null);
          onBlur?.(e);
        }}
        onKeyDown={(e) => {
          if (open) {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const step = e.key === 'ArrowDown' ? 1 : -1;
              setActive((a) => (a + step + matches.length) % matches.length);
              return;
            }
            if (e.key === 'Enter' || e.key === 'Tab') {
              e.preventDefault();
              insert((matches[active] ?? matches[0])?.name ?? '');
              return;
            }
            if (e.key === 'Escape') {
              e.preventDefault();
              setRecall(null);
              return;
            }
          }
          onKeyDown?.(e);
        }}
      />
      <span className="sr-only" role="status">
        {open ? `${matches.length} suggestions: arrow keys to choose, Enter to insert, Escape to close` : ''}
      </span>
      <div
        id={listId}
        role="listbox"
        aria-label="Recall an answer or variable"
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-56 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {matches.map((n, i) => (
          <div
            key={n.name}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // Focus stays in the textarea (aria-activedescendant); options are picked, not focused.
            tabIndex={-1}
            // Pressing must not blur the textarea first, or the list would close before the pick.
            onMouseDown={(e) => {
              e.preventDefault();
              insert(n.name);
            }}
            className={cn(
              'cursor-pointer px-3 py-1.5 break-words',
              i === active && 'bg-brand-50 text-brand-900 dark:bg-brand-900/40 dark:text-white',
            )}
          >
            <span className="font-medium">{n.description}</span>{' '}
            <code className="font-mono text-xs text-slate-600 dark:text-slate-300">{`{{${n.name}}}`}</code>
          </div>
        ))}
      </div>
    </div>
  );
}
