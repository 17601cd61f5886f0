import { moveColumn } from '@formsmith/core/submissions/view-state';
import { ArrowDown, ArrowUp, Columns3 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { TableColumn } from '../hooks/use-table-columns.ts';

type PickerProps = {
  available: TableColumn[];
  shown: string[];
  onChange: (shown: string[]) => void;
};

/**
 * 'Columns': show or hide each question and meta column, and move the shown ones up and down
 * (buttons, so by keyboard and pointer alike); each move is announced.
 */
export function ColumnPicker({ available, shown, onChange }: PickerProps) {
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const panelId = useId();
  const shownSet = new Set(shown);
  // Shown columns first, in their order, then the hidden ones in form order.
  const ordered = [
    ...shown.map((key) => available.find((c) => c.key === key)).filter((c): c is TableColumn => !!c),
    ...available.filter((c) => !shownSet.has(c.key)),
  ];
  const move = (column: TableColumn, by: number) => {
    const from = shown.indexOf(column.key);
    const next = moveColumn(shown, from, from + by);
    onChange(next);
    setAnnouncement(`${column.label} moved to position ${next.indexOf(column.key) + 1} of ${next.length}`);
  };
  const toggle = (column: TableColumn) => {
    const next = shownSet.has(column.key) ? shown.filter((k) => k !== column.key) : [...shown, column.key];
    onChange(next);
    setAnnouncement(`${column.label} ${shownSet.has(column.key) ? 'hidden' : 'shown'}`);
  };
  return (
    <div className="relative">
      <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <Columns3 aria-hidden="true" className="h-4 w-4" />
        Columns
      </Button>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {open && (
        <fieldset
          id={panelId}
          className="absolute right-0 z-20 mt-2 max-h-96 w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          <legend className="sr-only">Columns to show</legend>
          <ul className="space-y-1">
            {ordered.map((column) => {
              const at = shown.indexOf(column.key);
              return (
                <li key={column.key} className="flex items-center gap-2">
                  <label className="flex min-w-0 flex-1 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                    <input
                      type="checkbox"
                      checked={at >= 0}
                      onChange={() => toggle(column)}
                      className="h-4 w-4 accent-brand-600"
                    />
                    <span className="truncate" title={column.label}>
                      {column.label}
                    </span>
                  </label>
                  {at >= 0 && (
                    <>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move ${column.label} up`}
                        disabled={at === 0}
                        onClick={() => move(column, -1)}
                      >
                        <ArrowUp aria-hidden="true" className="h-4 w-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move ${column.label} down`}
                        disabled={at === shown.length - 1}
                        onClick={() => move(column, 1)}
                      >
                        <ArrowDown aria-hidden="true" className="h-4 w-4" />
                      </Button>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
