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
import type { FormLogic } from '@formsmith/core/logic/definition';
import { PAGE_BREAK_TYPE } from '@formsmith/core/logic/run';
import { ArrowDown, ArrowUp, GripVertical, MousePointerClick, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { CanvasField } from './canvas-field.tsx';
import type { DraftAction } from './form-draft.ts';
import { type LogicBadge, LogicBadges, logicBadges } from './logic/logic-badges.tsx';
import { type NameChoice, namesOf, pagesOf } from './logic/logic-model.ts';
import { FirstPageHeader, PageDivider } from './page-divider.tsx';
import { fieldRowId } from './problems-panel.tsx';

type FieldListProps = {
  fields: FormField[];
  selectedId: string | null;
  showErrors: boolean;
  serverErrors?: Record<string, string>;
  /** What keeps each field from being published, by field id (its label's problems apart). */
  problems: ReadonlyMap<string, string[]>;
  keepOptionValues: boolean;
  logic: FormLogic;
  /** Opens a rule on the Logic tab (from a field's or page's logic badge). */
  onOpenRule: (id: string) => void;
  /** On a phone: opens the selected field's remaining settings. */
  onMoreSettings?: () => void;
  dispatch: (action: DraftAction) => void;
};

/** The form's fields in order, as respondents see them: select, edit, move, drag and delete. */
export function FieldList(props: FieldListProps) {
  const { fields, selectedId, dispatch, logic } = props;
  const badges = logicBadges(fields, logic, pagesOf(fields));
  const select = (id: string) => dispatch({ type: 'select', id });
  const hasPages = fields.some((f) => f.type === PAGE_BREAK_TYPE);
  // Page n starts at the (n-1)th page break.
  const pageNumbers = fields.map(
    (_, i) => fields.slice(0, i + 1).filter((f) => f.type === PAGE_BREAK_TYPE).length + 1,
  );
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
        <p className="text-sm">
          Or{' '}
          <Link to="/templates" className="font-medium text-brand-700 underline dark:text-brand-300">
            start from a template
          </Link>
          .
        </p>
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
        <ol className="space-y-3" aria-label="Form fields">
          {hasPages && (
            <FirstPageHeader>
              <LogicBadges
                badges={badges.get('page_1')}
                onOpenRule={props.onOpenRule}
                onSelectField={select}
              />
            </FirstPageHeader>
          )}
          {fields.map((field, index) => (
            <SortableFieldRow
              key={field.id}
              field={field}
              index={index}
              count={fields.length}
              selected={field.id === selectedId}
              showErrors={props.showErrors}
              serverError={props.serverErrors?.[field.id]}
              problems={props.problems.get(field.id)}
              keepOptionValues={props.keepOptionValues}
              onMoreSettings={props.onMoreSettings}
              dispatch={dispatch}
              pageNumber={pageNumbers[index] ?? 1}
              badges={badges.get(field.id)}
              onOpenRule={props.onOpenRule}
              quiz={logic.quiz.enabled}
              names={namesOf(fields, logic, field.id)}
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
  showErrors: boolean;
  serverError?: string;
  problems: string[] | undefined;
  keepOptionValues: boolean;
  onMoreSettings?: () => void;
  dispatch: (action: DraftAction) => void;
  /** The page the field is on (for a page break: the page it starts). */
  pageNumber: number;
  badges: LogicBadge[] | undefined;
  onOpenRule: (id: string) => void;
  quiz: boolean;
  names: NameChoice[];
};

function SortableFieldRow(props: RowProps) {
  const { field, index, count, selected, dispatch } = props;
  // A field's own condition is edited in its properties: its badge selects the field.
  const select = (id: string) => {
    dispatch({ type: 'select', id });
    props.onMoreSettings?.();
  };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: field.id });
  const isPage = field.type === PAGE_BREAK_TYPE;
  const name = isPage ? `page ${props.pageNumber}` : field.label || 'Untitled field';
  const iconButton =
    'inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40 disabled:hover:bg-transparent dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

  const handle = (
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
  );
  const toolbar = (
    <>
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
    </>
  );

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the field's Select button is the keyboard's way
    <li
      ref={setNodeRef}
      id={fieldRowId(field.id)}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="field-row"
      // Clicks on the field's picture select it; the Select button is the keyboard's way.
      onClick={(e) => {
        if (isPage || selected || (e.target as Element).closest('button, input, textarea, select, a')) return;
        dispatch({ type: 'select', id: field.id });
      }}
      className={cn(
        'rounded-xl border p-3',
        isPage
          ? 'mt-6 border-dashed border-brand-300 bg-brand-50/60 dark:border-brand-800 dark:bg-brand-950/40'
          : 'bg-white dark:bg-slate-900',
        !isPage &&
          (selected ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200 dark:border-slate-700'),
        isDragging && 'relative z-10 shadow-lg',
      )}
    >
      {isPage ? (
        <PageDivider
          field={field}
          pageNumber={props.pageNumber}
          dispatch={dispatch}
          handle={handle}
          toolbar={toolbar}
        >
          <LogicBadges badges={props.badges} onOpenRule={props.onOpenRule} onSelectField={select} />
        </PageDivider>
      ) : (
        <CanvasField
          field={field}
          selected={selected}
          showErrors={props.showErrors}
          serverError={props.serverError}
          problems={props.problems}
          keepOptionValues={props.keepOptionValues}
          onMoreSettings={props.onMoreSettings}
          dispatch={dispatch}
          handle={handle}
          toolbar={toolbar}
          badges={<LogicBadges badges={props.badges} onOpenRule={props.onOpenRule} onSelectField={select} />}
          quiz={props.quiz}
          names={props.names}
        />
      )}
    </li>
  );
}
