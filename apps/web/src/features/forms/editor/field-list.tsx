import {
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
import type { FormField } from '@formsmith/core/forms/field';
import { ArrowDown, ArrowUp, GripVertical, MousePointerClick, Trash2 } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { FIELD_ICONS } from './field-icons.ts';
import { fieldTypeName } from './field-palette.tsx';
import type { DraftAction } from './form-draft.ts';

type FieldListProps = {
  fields: FormField[];
  selectedId: string | null;
  dispatch: (action: DraftAction) => void;
};

/** The form's fields in order: select, move up/down, drag (pointer or keyboard) and delete. */
export function FieldList({ fields, selectedId, dispatch }: FieldListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((f) => f.id === active.id);
    const to = fields.findIndex((f) => f.id === over.id);
    if (from >= 0 && to >= 0) dispatch({ type: 'reorder', from, to });
  }

  if (fields.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-6 py-16 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        <MousePointerClick aria-hidden="true" className="h-8 w-8" />
        <p className="font-medium">No fields yet</p>
        <p className="text-sm">Add a field from the palette to start building your form.</p>
      </div>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To reorder, press space or enter, use the arrow keys to move the field, then press space or enter again.',
        },
      }}
    >
      <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        <ol className="space-y-2" aria-label="Form fields">
          {fields.map((field, index) => (
            <SortableFieldRow
              key={field.id}
              field={field}
              index={index}
              count={fields.length}
              selected={field.id === selectedId}
              dispatch={dispatch}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

type RowProps = {
  field: FormField;
  index: number;
  count: number;
  selected: boolean;
  dispatch: (action: DraftAction) => void;
};

function SortableFieldRow({ field, index, count, selected, dispatch }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: field.id });
  const Icon = FIELD_ICONS[field.type];
  const name = field.label || 'Untitled field';
  const iconButton =
    'inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40 disabled:hover:bg-transparent dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="field-row"
      className={cn(
        'flex items-center gap-1 rounded-lg border bg-white p-2 dark:bg-slate-900',
        selected ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200 dark:border-slate-700',
        isDragging && 'relative z-10 shadow-lg',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder ${name}`}
        className={cn(iconButton, 'cursor-grab touch-none active:cursor-grabbing')}
      >
        <GripVertical aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        onClick={() => dispatch({ type: 'select', id: field.id })}
        aria-pressed={selected}
        aria-label={`Select ${name}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-md px-2 py-1.5 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
      >
        <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-600 dark:text-brand-400" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">
            {name}
            {field.validation.required && (
              <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
                *
              </span>
            )}
          </span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {fieldTypeName(field.type)}
          </span>
        </span>
      </button>
      <button
        type="button"
        className={iconButton}
        disabled={index === 0}
        onClick={() => dispatch({ type: 'move', id: field.id, by: -1 })}
        aria-label={`Move ${name} up`}
      >
        <ArrowUp aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        className={iconButton}
        disabled={index === count - 1}
        onClick={() => dispatch({ type: 'move', id: field.id, by: 1 })}
        aria-label={`Move ${name} down`}
      >
        <ArrowDown aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        className={cn(iconButton, 'hover:text-red-700 dark:hover:text-red-400')}
        onClick={() => dispatch({ type: 'remove', id: field.id })}
        aria-label={`Delete ${name}`}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </button>
    </li>
  );
}
