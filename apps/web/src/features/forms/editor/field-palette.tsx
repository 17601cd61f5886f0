import { PALETTE_TYPES } from '@formsmith/core/fields/editor-rules';
import type { FieldType } from '@formsmith/core/forms/field';
import { FIELD_ICONS } from './field-icons.ts';

/** The nine field types an owner can add from the palette. */
export function FieldPalette({ onAdd }: { onAdd: (type: FieldType) => void }) {
  return (
    <section aria-labelledby="palette-heading">
      <h2 id="palette-heading" className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-200">
        Add a field
      </h2>
      <ul className="grid grid-cols-2 gap-2 lg:grid-cols-1">
        {PALETTE_TYPES.map(({ type, name }) => {
          const Icon = FIELD_ICONS[type];
          return (
            <li key={type}>
              <button
                type="button"
                onClick={() => onAdd(type)}
                aria-label={`Add ${name} field`}
                className="flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm font-medium text-slate-800 transition-colors hover:border-brand-500 hover:bg-brand-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                <Icon aria-hidden="true" className="h-4 w-4 text-brand-600 dark:text-brand-400" />
                {name}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The palette name of a type ('Paragraph' for textarea), or the type itself. */
export function fieldTypeName(type: FieldType): string {
  return PALETTE_TYPES.find((p) => p.type === type)?.name ?? type.charAt(0).toUpperCase() + type.slice(1);
}
