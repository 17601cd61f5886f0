import type { FormField } from '../forms/field.ts';
import type { LogicField } from './run.ts';

/** What the logic engine reads of the form's fields (hidden fields hold URL or owner values). */
export function logicFieldsOf(fields: readonly FormField[]): LogicField[] {
  return fields.map((field) => ({
    id: field.id,
    type: field.type,
    label: field.label,
    required: field.validation.required,
    hidden: field.type === 'hidden' || field.isHidden === true,
    ...('options' in field ? { options: field.options } : {}),
    ...(field.type === 'matrix' ? { grid: { rows: field.rows, columns: field.columns } } : {}),
    ...(field.type === 'calculated'
      ? { expression: field.expression, showResult: field.showResult === true }
      : {}),
  }));
}
