import { matrixCellName, matrixRowAnswer } from '@formsmith/core/fields/matrix';
import type { FieldOf } from '@formsmith/core/forms/field';
import type { ControlAttributes, FieldValue } from './values.ts';

type MatrixControlProps = {
  field: FieldOf<'matrix'>;
  id: string;
  value: FieldValue;
  common: ControlAttributes;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: FieldValue) => void;
};

function rowsOf(value: FieldValue): Record<string, string | string[]> {
  return value && typeof value === 'object' && !Array.isArray(value) && !('size' in value)
    ? (value as Record<string, string | string[]>)
    : {};
}

// One layout for every width, so that each row's inputs exist once (a form posted without
// JavaScript sends each row once): from 640 px a grid with the columns' names above it, below
// that each row a question of its own with its columns listed under it, never a table to scroll.
const ROW =
  'rounded-lg border border-slate-200 p-3 sm:grid sm:items-center sm:gap-2 sm:rounded-none sm:border-0 sm:border-t sm:px-0 sm:py-2 dark:border-slate-700';
const CELL =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 select-none hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-500 has-focus-visible:ring-offset-2 has-disabled:cursor-not-allowed has-disabled:opacity-60 sm:justify-center sm:border-0 sm:bg-transparent sm:px-0 sm:hover:bg-slate-50 sm:has-checked:bg-transparent dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950 dark:has-focus-visible:ring-offset-slate-900 sm:dark:bg-transparent sm:dark:hover:bg-slate-800 sm:dark:has-checked:bg-transparent';

/**
 * A grid of questions (rows) answered from the same columns: each row a radio group (arrow keys
 * move within it, Tab to the next row), or a group of checkboxes when several columns may be
 * picked. A row's inputs are named `<field>[<row>]`, which is what the page posts without
 * JavaScript.
 */
export function MatrixControl(props: MatrixControlProps) {
  const { field, id } = props;
  const kind = field.multiple ? 'checkbox' : 'radio';
  const answer = rowsOf(props.value);
  const columns = `minmax(7rem,2fr) repeat(${Math.max(1, field.columns.length)}, minmax(0,1fr))`;
  const set = (row: string, column: string, checked: boolean) => {
    const next = { ...answer };
    if (kind === 'radio') next[row] = column;
    else {
      const picked = matrixRowAnswer(answer, row).filter((c) => c !== column);
      next[row] = checked ? [...picked, column] : picked;
    }
    if (matrixRowAnswer(next, row).length === 0) delete next[row];
    props.onChange(next);
  };
  let first = true;
  return (
    <div className="space-y-3 sm:space-y-0" aria-describedby={props.describedBy}>
      <div
        aria-hidden="true"
        className="hidden pb-1 text-center text-xs font-medium text-slate-600 sm:grid sm:gap-2 dark:text-slate-400"
        style={{ gridTemplateColumns: columns }}
      >
        <span />
        {field.columns.map((c) => (
          <span key={c.id} className="[overflow-wrap:anywhere]">
            {c.label}
          </span>
        ))}
      </div>
      {field.rows.map((row, r) => {
        const rowId = `${id}-row-${r}`;
        const picked = matrixRowAnswer(answer, row.value);
        const name = matrixCellName(field.id, row.value);
        return (
          // biome-ignore lint/a11y/useAriaPropsSupportedByRole: radiogroup and group both take aria-labelledby; the role is chosen at run time
          <div
            key={row.id}
            role={kind === 'radio' ? 'radiogroup' : 'group'}
            aria-labelledby={rowId}
            aria-invalid={
              kind === 'radio' && props.invalid && field.validation.required && picked.length === 0
                ? true
                : undefined
            }
            aria-required={kind === 'radio' && field.validation.required ? true : undefined}
            className={ROW}
            style={{ gridTemplateColumns: columns }}
          >
            <span
              id={rowId}
              className="mb-2 block text-sm font-medium text-slate-800 [overflow-wrap:anywhere] sm:mb-0 dark:text-slate-200"
            >
              {row.label}
            </span>
            <div className="space-y-2 sm:contents">
              {field.columns.map((column) => {
                // The first input is `<id>-0`, where links to the field (the error summary) lead.
                const inputId = first ? `${id}-0` : `${id}-${r}-${column.id}`;
                first = false;
                return (
                  <label key={column.id} htmlFor={inputId} className={CELL}>
                    <input
                      id={inputId}
                      type={kind}
                      name={name}
                      value={column.value}
                      disabled={props.common.disabled}
                      checked={picked.includes(column.value)}
                      onChange={(e) => set(row.value, column.value, e.target.checked)}
                      className="h-5 w-5 shrink-0 border-slate-400 accent-brand-600 focus-visible:outline-none dark:border-slate-500"
                    />
                    <span className="min-w-0 [overflow-wrap:anywhere] sm:sr-only">{column.label}</span>
                  </label>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
