import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { moveColumn } from '@formsmith/core/submissions/view-state';
import { ArrowDown, ArrowUp, Columns3, GripVertical } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { TableColumn } from '../hooks/use-table-columns.ts';

type PickerProps = {
  available: TableColumn[];
  shown: string[];
  onChange: (shown: string[]) => void;
};

/**
 * 'Columns': show or hide each question and meta column, and reorder the shown ones by dragging
 * their handle (pointer, or space and the arrow keys on the handle) or with the up and down
 * buttons; each move is announced.
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labelOf = (key: unknown) => available.find((c) => c.key === key)?.label ?? String(key);
  const positionOf = (key: unknown) => shown.indexOf(String(key)) + 1;
  // What a screen reader hears while dragging: the columns by their names and places.
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${labelOf(active.id)}, position ${positionOf(active.id)} of ${shown.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} is over position ${positionOf(over.id)} of ${shown.length}.`
        : `${labelOf(active.id)} is not over a column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} dropped at position ${positionOf(over.id)} of ${shown.length}.`
        : `${labelOf(active.id)} dropped back in place.`,
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = shown.indexOf(String(active.id));
    const to = shown.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    const column = available.find((c) => c.key === active.id);
    if (column) move(column, to - from);
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
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable:
                  'To reorder, press space or enter, use the arrow keys to move the column, then press space or enter again.',
              },
            }}
          >
            <SortableContext items={shown} strategy={verticalListSortingStrategy}>
              <ul className="space-y-1">
                {ordered.map((column) => (
                  <PickerRow
                    key={column.key}
                    column={column}
                    at={shown.indexOf(column.key)}
                    count={shown.length}
                    onToggle={() => toggle(column)}
                    onMove={(by) => move(column, by)}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        </fieldset>
      )}
    </div>
  );
}

type RowProps = {
  column: TableColumn;
  /** Its place among the shown columns, -1 when hidden. */
  at: number;
  count: number;
  onToggle: () => void;
  onMove: (by: number) => void;
};

/** One column of the picker: its checkbox and, when shown, a drag handle and move buttons. */
function PickerRow({ column, at, count, onToggle, onMove }: RowProps) {
  const shown = at >= 0;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: column.key, disabled: !shown });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex items-center gap-1 rounded-md bg-white dark:bg-slate-900',
        isDragging && 'relative z-10 shadow-md ring-1 ring-brand-500',
      )}
    >
      {shown ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder ${column.label}`}
          className="inline-flex h-8 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 active:cursor-grabbing dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <GripVertical aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : (
        <span aria-hidden="true" className="w-6 shrink-0" />
      )}
      <label className="flex min-w-0 flex-1 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
        <input type="checkbox" checked={shown} onChange={onToggle} className="h-4 w-4 accent-brand-600" />
        <span className="truncate" title={column.label}>
          {column.label}
        </span>
      </label>
      {shown && (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move ${column.label} up`}
            disabled={at === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move ${column.label} down`}
            disabled={at === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
          </Button>
        </>
      )}
    </li>
  );
}
