import type { FormField } from '@formsmith/core/forms/field';
import type { LogicRule } from '@formsmith/core/logic/definition';
import { questionRuleOf } from '@formsmith/core/logic/field-rules';

/** The answer a follow-up waits for: its own rule's first condition, or (older answers) its own condition. */
function followUpCondition(field: FormField, rules: LogicRule[]): { ref: string; value?: string } | null {
  const own = questionRuleOf({ rules }, field.id)?.rule.conditions[0];
  if (own) return own.source === 'field' ? own : null;
  const old = field.conditionalLogic?.conditions[0];
  return old ? { ref: old.fieldId, ...(old.value === undefined ? {} : { value: old.value }) } : null;
}

/** ' (if Parking is yes)': when a generated question is asked only after an answer. */
function followUpNote(field: FormField, fields: FormField[], rules: LogicRule[]): string {
  const condition = followUpCondition(field, rules);
  if (!condition) return '';
  const trigger = fields.find((f) => f.id === condition.ref);
  if (!trigger) return '';
  const option = 'options' in trigger ? trigger.options.find((o) => o.value === condition.value) : undefined;
  return ` (if ${trigger.label.replace(/\?$/, '')} is ${option?.label ?? condition.value})`;
}

type Props = {
  fields: FormField[];
  /** The generated form's rules, once it is complete: its follow-ups' own rules among them. */
  rules?: LogicRule[];
  fallback: string | null;
  pending: boolean;
};

/** The fields generated so far, as they arrive, and the reason when the built-in generator took over. */
export function GeneratedFieldsPreview({ fields, rules = [], fallback, pending }: Props) {
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
              {followUpNote(field, fields, rules)}
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
