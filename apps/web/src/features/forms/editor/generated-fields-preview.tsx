import type { FormField } from '@formsmith/core/forms/field';

/** ' (if Parking is yes)': when a generated question is asked only after an answer. */
function followUpNote(field: FormField, fields: FormField[]): string {
  const condition = field.conditionalLogic?.conditions[0];
  if (!condition) return '';
  const trigger = fields.find((f) => f.id === condition.fieldId);
  if (!trigger) return '';
  const option = 'options' in trigger ? trigger.options.find((o) => o.value === condition.value) : undefined;
  return ` (if ${trigger.label.replace(/\?$/, '')} is ${option?.label ?? condition.value})`;
}

type Props = { fields: FormField[]; fallback: string | null; pending: boolean };

/** The fields generated so far, as they arrive, and the reason when the built-in generator took over. */
export function GeneratedFieldsPreview({ fields, fallback, pending }: Props) {
  if (!pending && fields.length === 0 && !fallback) return null;
  return (
    <div className="space-y-2 text-sm">
      {fallback && (
        <p
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {fallback} The built-in generator answered instead.
        </p>
      )}
      <ol aria-label="Generated fields" aria-live="polite" className="max-h-48 space-y-1 overflow-y-auto">
        {fields.map((field) => (
          <li
            key={field.id}
            className="flex justify-between gap-3 rounded border border-slate-200 px-3 py-1.5 dark:border-slate-700"
          >
            <span className="min-w-0 truncate text-slate-900 dark:text-white">
              {field.label}
              {followUpNote(field, fields)}
            </span>
            <span className="shrink-0 text-slate-500 dark:text-slate-400">
              {field.type === 'page_break' ? 'new page' : field.type}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
