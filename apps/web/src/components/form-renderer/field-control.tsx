import { typedAnswerMaxLength } from '@formsmith/core/fields/answer-length';
import { type FormField, optionsOf, rulesOf } from '@formsmith/core/forms/field';
import { lazy, Suspense } from 'react';
import { controlClasses } from '../ui/input.tsx';
import { useChrome } from './chrome-context.ts';
import { ScaleControl } from './scale-control.tsx';
import {
  type ControlAttributes,
  type FieldValue,
  type FileStatus,
  type FileValue,
  isCheckboxGroup,
} from './values.ts';

export type ControlProps = {
  field: FormField;
  id: string;
  value: FieldValue;
  describedBy: string | undefined;
  invalid: boolean;
  disabled?: boolean;
  onChange: (value: FieldValue) => void;
  fileStatus?: FileStatus;
  onFileSelect?: (file: File) => void;
  /** Show each choice's letter key (A, B, C…) beside it, for forms answered by keyboard. */
  keyHints?: boolean;
};

// Few forms ask for files: the upload control loads only when one does.
const FileControl = lazy(() => import('./file-control.tsx').then((m) => ({ default: m.FileControl })));

const INPUT_TYPES = {
  text: 'text',
  email: 'email',
  phone: 'tel',
  url: 'url',
  password: 'password',
  date: 'date',
  time: 'time',
} as const;

const AUTOCOMPLETE: Partial<Record<FormField['type'], string>> = { email: 'email', phone: 'tel', url: 'url' };

/** A computed number as the page's language writes it ('1234.5' → '1 234,5' in French). */
function formatNumber(value: string, locale: string): string {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? new Intl.NumberFormat(locale).format(n) : value;
}

function text(value: FieldValue): string {
  return typeof value === 'string' ? value : '';
}

/** The input of one field, by type. Groups (radio, checkboxes) render their own labelled inputs. */
export function FieldControl(props: ControlProps) {
  const { t, locale } = useChrome();
  const { field, id } = props;
  const common: ControlAttributes = {
    id,
    name: field.id,
    disabled: props.disabled || field.isReadOnly,
    'aria-invalid': props.invalid || undefined,
    'aria-describedby': props.describedBy,
    'aria-required': field.validation.required || undefined,
  };
  switch (field.type) {
    case 'text':
    case 'email':
    case 'phone':
    case 'url':
    case 'password':
    case 'date':
    case 'time':
      return (
        <input
          {...common}
          type={INPUT_TYPES[field.type]}
          className={`${controlClasses} h-10`}
          placeholder={field.placeholder}
          autoComplete={field.type === 'password' ? 'off' : AUTOCOMPLETE[field.type]}
          maxLength={field.type === 'date' || field.type === 'time' ? undefined : typedAnswerMaxLength(field)}
          value={text(props.value)}
          onChange={(e) => props.onChange(e.target.value)}
        />
      );
    case 'textarea':
      return (
        <textarea
          {...common}
          rows={4}
          className={controlClasses}
          placeholder={field.placeholder}
          maxLength={typedAnswerMaxLength(field)}
          value={text(props.value)}
          onChange={(e) => props.onChange(e.target.value)}
        />
      );
    case 'number':
    case 'range':
      return <NumberControl {...props} common={common} />;
    case 'color':
      return (
        <input
          {...common}
          type="color"
          className="h-10 w-20 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900"
          value={text(props.value) || '#000000'}
          onChange={(e) => props.onChange(e.target.value)}
        />
      );
    case 'select':
      return (
        <select
          {...common}
          className={`${controlClasses} h-10`}
          value={text(props.value)}
          onChange={(e) => props.onChange(e.target.value)}
        >
          <option value="">{field.placeholder || t('field.selectOption')}</option>
          {(optionsOf(field) ?? []).map((o) => (
            <option key={o.id} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'radio':
      return <ChoiceGroup {...props} common={common} kind="radio" />;
    case 'nps':
    case 'yes_no':
      return <ScaleControl {...props} field={field} common={common} />;
    case 'checkbox':
      if (isCheckboxGroup(field)) return <ChoiceGroup {...props} common={common} kind="checkbox" />;
      return (
        <input
          {...common}
          type="checkbox"
          className="h-5 w-5 rounded border-slate-400 accent-brand-600 dark:border-slate-500"
          checked={props.value === true}
          onChange={(e) => props.onChange(e.target.checked)}
        />
      );
    case 'file':
      return (
        <Suspense fallback={null}>
          <FileControl
            {...common}
            field={field}
            value={props.value as FileValue | null}
            status={props.fileStatus}
            onSelect={props.onFileSelect}
            onRemove={() => props.onChange(null)}
          />
        </Suspense>
      );
    case 'calculated':
      // Computed from other answers, never typed: shown read-only, announced as it changes.
      return (
        <output
          id={id}
          aria-live="polite"
          aria-describedby={props.describedBy}
          className="block text-lg font-semibold tabular-nums text-slate-900 dark:text-slate-100"
        >
          {formatNumber(text(props.value), locale) || '–'}
        </output>
      );
    case 'image':
    case 'statement':
    case 'hidden':
    // Page breaks split the form into pages.
    case 'page_break':
      return null;
    default: {
      const unknown: never = field;
      return unknown;
    }
  }
}

function NumberControl(props: ControlProps & { common: ControlAttributes }) {
  const { field } = props;
  const { min, max, step = 1 } = rulesOf(field);
  // Out-of-range input stays as typed: validation says what is wrong instead of silently changing it.
  const value = text(props.value);
  if (field.type === 'range') {
    return (
      <div className="flex items-center gap-3">
        <input
          {...props.common}
          type="range"
          className="h-10 w-full accent-brand-600"
          min={min ?? 0}
          max={max ?? 100}
          step={step}
          value={value}
          onChange={(e) => props.onChange(e.target.value)}
        />
        <output htmlFor={props.id} className="min-w-10 text-end text-sm tabular-nums">
          {value}
        </output>
      </div>
    );
  }
  return (
    <input
      {...props.common}
      type="number"
      inputMode="decimal"
      className={`${controlClasses} h-10`}
      placeholder={field.placeholder}
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

function ChoiceGroup(props: ControlProps & { common: ControlAttributes; kind: 'radio' | 'checkbox' }) {
  const { field, kind } = props;
  const selected = Array.isArray(props.value) ? props.value : [];
  const toggle = (value: string, checked: boolean) => {
    if (kind === 'radio') return props.onChange(value);
    props.onChange(
      checked ? [...selected.filter((v) => v !== value), value] : selected.filter((v) => v !== value),
    );
  };
  // A radiogroup carries its own invalid/required state; checkboxes say it on each box's fieldset.
  const groupAttrs =
    kind === 'radio'
      ? {
          role: 'radiogroup',
          'aria-invalid': props.invalid || undefined,
          'aria-required': field.validation.required || undefined,
        }
      : { role: 'group' };
  return (
    <div className="space-y-2" aria-describedby={props.describedBy} {...groupAttrs}>
      {(optionsOf(field) ?? []).map((o, i) => {
        const optionId = `${props.id}-${i}`;
        const checked = kind === 'radio' ? props.value === o.value : selected.includes(o.value);
        return (
          <div key={o.id} className="flex items-center gap-2">
            <input
              id={optionId}
              type={kind}
              name={field.id}
              value={o.value}
              disabled={props.common.disabled}
              checked={checked}
              onChange={(e) => toggle(o.value, e.target.checked)}
              className="h-4 w-4 border-slate-400 accent-brand-600 dark:border-slate-500"
            />
            <label
              htmlFor={optionId}
              className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200"
            >
              {props.keyHints && i < 26 && (
                <kbd className="inline-flex h-5 min-w-5 items-center justify-center rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-300">
                  {String.fromCharCode(65 + i)}
                </kbd>
              )}
              {o.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
