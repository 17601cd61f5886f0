import type { FormLogic } from '../logic/definition.ts';
import type { FormField } from './field.ts';

/** An option's stored value that changed (its label was renamed while values follow labels, or it was edited). */
export type OptionRename = { fieldId: string; from: string; to: string };

/**
 * The fields and logic after one field's option value changed: the field's default and the
 * form's logic rules that compared its answer with the old value (questions' own show/hide rules
 * among them) compare with the new one, so the logic keeps working. The form is one as read in:
 * its questions' own conditions are already rules (logic/field-rules.ts).
 */
export function renameOptionValue<T extends { fields: FormField[]; logic: FormLogic }>(
  form: T,
  rename: OptionRename,
): T {
  const { fieldId, from, to } = rename;
  const fields = form.fields.map((field) =>
    field.id === fieldId && field.defaultValue === from ? { ...field, defaultValue: to } : field,
  );
  const rules = form.logic.rules.map((rule) =>
    rule.conditions.some((c) => c.source === 'field' && c.ref === fieldId && c.value === from)
      ? {
          ...rule,
          conditions: rule.conditions.map((c) =>
            c.source === 'field' && c.ref === fieldId && c.value === from ? { ...c, value: to } : c,
          ),
        }
      : rule,
  );
  return { ...form, fields, logic: { ...form.logic, rules } };
}
