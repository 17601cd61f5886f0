import {
  chipNames,
  chipSpans,
  chipsToExpression,
  chipsToRecall,
  expressionToChips,
  recallToChips,
} from '@formsmith/core/logic/recall-names';
import { type TextareaHTMLAttributes, type UIEvent, useId, useRef, useState } from 'react';
import { cn } from '../../../../lib/cn.ts';
import { chipRuns } from './chip-text.tsx';
import type { NameChoice } from './logic-model.ts';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'role'> & {
  /** The stored text: recall as `{{name}}`, a calculation with bare names. */
  value: string;
  onChange: (value: string) => void;
  /** What `@` may refer to: answers, variables, the score. */
  names: NameChoice[];
  /** Recall in a text (the default) or the names of a calculation. */
  mode?: 'recall' | 'expression';
};

/** The `@partial` just before the caret, if the owner is typing a reference. */
function openRecall(text: string, caret: number): { start: number; query: string } | null {
  // After a space, a bracket or the start only: `me@example.com` is an address, not a reference.
  const match = /(?:^|[\s(,])@([^@\n]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: match.index + match[0].length - query.length - 1, query: query.toLowerCase() };
}

/**
 * The names worth offering for what follows the `@`, best first: those whose name starts with it,
 * then those with a word that does, then those that merely contain it.
 */
function suggestions(names: NameChoice[], chips: Map<string, string>, query: string): NameChoice[] {
  const rank = (n: NameChoice): number => {
    const words = `${chips.get(n.name) ?? n.name} ${n.description}`.toLowerCase();
    if (words.startsWith(query)) return 0;
    if (words.includes(` ${query}`)) return 1;
    return words.includes(query) ? 2 : 3;
  };
  return names
    .map((n) => ({ n, rank: rank(n) }))
    .filter((m) => m.rank < 3)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, 8)
    .map((m) => m.n);
}

const WRITINGS = {
  recall: { show: recallToChips, store: chipsToRecall },
  expression: { show: expressionToChips, store: chipsToExpression },
};

/**
 * A textarea where answers and variables are written by name: stored references show as `@Name`
 * chips (drawn on a layer under the transparent text, so the caret and selection stay native),
 * and typing `@` offers the names in a listbox worked from the keyboard (arrow keys, Enter or Tab
 * to insert, Escape to close) or the pointer. The stored text keeps ids.
 */
export function RecallTextarea({
  value,
  onChange,
  names,
  mode = 'recall',
  className,
  onKeyDown,
  onBlur,
  ...rest
}: Props) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const [recall, setRecall] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const writing = WRITINGS[mode];
  const shown = writing.show(value, names);
  const chips = chipNames(names);
  const hasChips = chipSpans(shown, names).length > 0;
  const matches = recall ? suggestions(names, chips, recall.query) : [];
  const open = matches.length > 0;
  const change = (text: string) => onChange(writing.store(text, names));

  const track = (text: string, caret: number) => {
    const next = openRecall(text, caret);
    setRecall(next);
    if (next?.query !== recall?.query) setActive(0);
  };

  const insert = (name: string) => {
    const el = ref.current;
    if (!recall || !el) return;
    const caret = el.selectionStart;
    const chip = `@${chips.get(name) ?? name}`;
    change(`${shown.slice(0, recall.start)}${chip}${shown.slice(caret)}`);
    setRecall(null);
    const at = recall.start + chip.length;
    requestAnimationFrame(() => el.setSelectionRange(at, at));
  };
  // The chip layer scrolls with the text it lies under.
  const follow = (e: UIEvent<HTMLTextAreaElement>) => {
    if (layer.current) layer.current.scrollTop = e.currentTarget.scrollTop;
  };

  return (
    <div className="relative">
      {hasChips && (
        <div
          ref={layer}
          aria-hidden="true"
          className={cn(
            className,
            'pointer-events-none absolute inset-0 overflow-hidden whitespace-pre-wrap break-words',
          )}
        >
          {chipRuns(shown, names)}
          {/* A last empty line keeps its height, as the textarea's does. */}
          {shown.endsWith('\n') && '\u200b'}
        </div>
      )}
      <textarea
        {...rest}
        ref={ref}
        value={shown}
        onScroll={follow}
        // A textarea keeps its textbox role (ARIA allows no combobox on it); the list is tied to it
        // by aria-controls and the active option, and a status line announces it.
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        className={cn(
          className,
          'break-words',
          hasChips &&
            'relative bg-transparent! text-transparent! caret-slate-900 selection:bg-brand-500/30 dark:caret-slate-100',
        )}
        onChange={(e) => {
          change(e.target.value);
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
            <span className="font-medium">@{chips.get(n.name) ?? n.name}</span>
            {n.description !== n.label && (
              <span className="text-xs text-slate-600 dark:text-slate-300"> · {n.description}</span>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
